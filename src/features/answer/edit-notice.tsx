/**
 * Above an answer opened for a change: why it cannot be changed (its status, or the cancel
 * deadline, spec 01 §4), or that only its reservation can.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { ja } from '../../messages/ja';
import { refusalTextOf, statusLabelOf, type EditedAnswer } from './edit';

export function EditNotice({ edited, deadlinePassed }: { edited: EditedAnswer; deadlinePassed: boolean | undefined }) {
  const refusal = edited.actions.editReasonKey ?? null;
  if (refusal) {
    const label = statusLabelOf(edited.check);
    return (
      <Alert color="gray" variant="light" role="status" data-testid="edit-refused" data-reason={refusal} data-status={edited.check}>
        <Stack gap={4}>
          {label ? (
            <Text fw={700} data-testid="edit-status-label">
              {label}
            </Text>
          ) : null}
          <Text size="sm" className="app-pre-wrap">
            {refusalTextOf(refusal, edited.check)}
          </Text>
        </Stack>
      </Alert>
    );
  }
  if (deadlinePassed) {
    return (
      <Alert color="gray" variant="light" role="status" data-testid="edit-refused" data-reason="deadline">
        <Text size="sm" className="app-pre-wrap">
          {ja.errors.cancelDeadlinePassed}
        </Text>
      </Alert>
    );
  }
  if (edited.actions.editableFields === 'reservationOnly') {
    return (
      <Alert color="blue" variant="light" data-testid="edit-reservation-only">
        <Text size="sm">{ja.edit.reservationOnly}</Text>
      </Alert>
    );
  }
  return null;
}

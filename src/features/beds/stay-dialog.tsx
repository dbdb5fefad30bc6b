/**
 * The stay-length dialog (spec 02 §2, §9): 1 to 14 nights labelled N泊N+1日, and the sessions of
 * admission (default 午後) and discharge (default 午前). A fixed-shape form: @tanstack/react-form.
 */
import { Alert, Button, Group, Modal, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@tanstack/react-form';
import type { Temporal } from 'temporal-polyfill';
import {
  AFTERNOON,
  DEFAULT_END_SESSION,
  DEFAULT_START_SESSION,
  MORNING,
  STAY_LENGTHS,
  formatDateWithSession,
  isStayLength,
  stayLabel,
  type DaySession,
} from '@core/rules/bed-stay';
import { ja } from '../../messages/ja';
import { jaScreens } from '../../messages/ja-screens';
import { readDateText } from '../../lib/ja-dates';
import './beds.css';

export interface StayChoice {
  nights: number;
  startSession: DaySession;
  endSession: DaySession;
}

export interface StayDialogProps {
  start: Temporal.PlainDate | null;
  /** The start is inside the cancel limit: once booked, the stay cannot be changed or cancelled. */
  insideLimit?: boolean;
  initial?: StayChoice | undefined;
  onClose: () => void;
  onChoose: (choice: StayChoice) => void;
}

const SESSIONS = [MORNING, AFTERNOON];

export function StayDialog({ start, insideLimit = false, initial, onClose, onChoose }: StayDialogProps) {
  const form = useForm({
    defaultValues: initial ?? { nights: 1, startSession: DEFAULT_START_SESSION, endSession: DEFAULT_END_SESSION },
    onSubmit: ({ value }) => onChoose(value),
  });

  return (
    <Modal opened={start !== null} onClose={onClose} title={jaScreens.bed.stayTitle} size={400} closeButtonProps={{ 'aria-label': ja.common.closeDialog }}>
      {start ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void form.handleSubmit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {jaScreens.bed.admission}: {readDateText(start.toString())}
            </Text>
            {insideLimit ? (
              <Alert color="yellow" variant="light" data-testid="stay-deadline-warning">
                {jaScreens.bed.insideLimit}
              </Alert>
            ) : null}
            <form.Field name="nights" validators={{ onChange: ({ value }) => (isStayLength(value) ? undefined : jaScreens.bed.noDay) }}>
              {(field) => (
                <Radio.Group label={jaScreens.bed.stayLength} value={String(field.state.value)} onChange={(v) => field.handleChange(Number(v))}>
                  {/* Two columns: the fourteen lengths in seven rows, so 決定 stays on a 740 px screen. */}
                  <div className="bed-stay-lengths">
                    {STAY_LENGTHS.map((n) => (
                      <Radio key={n} value={String(n)} label={stayLabel(n)} />
                    ))}
                  </div>
                </Radio.Group>
              )}
            </form.Field>
            <form.Field name="startSession">
              {(field) => (
                <Stack gap={2}>
                  <Text size="sm" id="bed-start-session">
                    {jaScreens.bed.startSession}
                  </Text>
                  <SegmentedControl aria-labelledby="bed-start-session" data={SESSIONS} value={field.state.value} onChange={(v) => field.handleChange(v as DaySession)} />
                </Stack>
              )}
            </form.Field>
            <form.Field name="endSession">
              {(field) => (
                <Stack gap={2}>
                  <Text size="sm" id="bed-end-session">
                    {jaScreens.bed.endSession}
                  </Text>
                  <SegmentedControl aria-labelledby="bed-end-session" data={SESSIONS} value={field.state.value} onChange={(v) => field.handleChange(v as DaySession)} />
                </Stack>
              )}
            </form.Field>
            <form.Subscribe selector={(s) => s.values}>
              {(v) => (
                <Text size="sm" data-testid="stay-summary">
                  {readDateText(formatDateWithSession(start, v.startSession))} 〜 {readDateText(formatDateWithSession(start.add({ days: v.nights }), v.endSession))}
                </Text>
              )}
            </form.Subscribe>
            {/* Pinned to the dialog's foot while a long dialog (the deadline warning) scrolls. */}
            <Group justify="flex-end" className="bed-stay-actions">
              <Button variant="default" onClick={onClose}>
                {jaScreens.bed.cancel}
              </Button>
              <Button type="submit">{jaScreens.bed.choose}</Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

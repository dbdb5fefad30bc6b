/**
 * One answer's status change on its page (POST /forms/:surveyId/answers/status with its key), for
 * roles that may handle answers; a refusal (e.g. a paid order that cannot be refunded) is shown
 * in the server's words and nothing changed. The page re-reads the answer afterwards.
 */
import { Alert, Card } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffAnswersStatus } from '@core/contract/staff-statuses';
import type { CheckStatus } from '@core/contract/result-rows';
import { canDo, type StaffRole } from '@core/rules/staff';
import { call, unwrap } from '../../../lib/api';
import { StatusChange } from './status-change';

export function AnswerStatusControl({ surveyId, partitionKey, role }: { surveyId: string; partitionKey: string; role: StaffRole }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: async (v: { status: CheckStatus; note: string | undefined }) =>
      unwrap(
        await call(
          staffAnswersStatus,
          { params: { surveyId }, body: { partitionKeys: [partitionKey], status: v.status, ...(v.note ? { note: v.note } : {}) } },
          { retry: { maxAttempts: 1 } },
        ),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
  if (!canDo(role, 'handle')) return null;
  return (
    <Card withBorder data-testid="status-change">
      <StatusChange count={1} busy={change.isPending} onConfirm={(status, note) => change.mutate({ status, note })} />
      {change.error ? (
        <Alert color="red" mt="xs" role="alert">
          {change.error.message}
        </Alert>
      ) : null}
    </Card>
  );
}

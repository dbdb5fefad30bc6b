/**
 * Above the answers list, for roles that may handle answers: how many are chosen, choosing every
 * answer of the filter, and the status change for them with its count in the confirmation.
 */
import { Alert, Button, Card, Group, Text } from '@mantine/core';
import { STATUS_CHANGE_MAX } from '@core/contract/staff-statuses';
import { jaConsole } from '../../../messages/ja-console';
import { StatusChange } from './status-change';
import type { BulkStatus } from './use-bulk-status';

const t = jaConsole.bulk;
const count = (n: number) => n.toLocaleString('ja-JP');

export function BulkStatusBar({ bulk }: { bulk: BulkStatus }) {
  return (
    <Card withBorder data-testid="bulk-status">
      <Group justify="space-between" align="center" mb="xs">
        <Text fw={500} aria-live="polite" data-testid="bulk-count">
          {t.selected.replace('{count}', count(bulk.keys.size))}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={bulk.selectAll} loading={bulk.selectingAll}>
            {t.selectAll}
          </Button>
          <Button size="xs" variant="subtle" onClick={bulk.clear} disabled={bulk.keys.size === 0}>
            {t.clear}
          </Button>
        </Group>
      </Group>
      {bulk.tooMany ? (
        <Alert color="yellow" mb="xs" role="status">
          {t.tooMany.replace('{max}', count(STATUS_CHANGE_MAX))}
        </Alert>
      ) : null}
      <StatusChange count={bulk.keys.size} busy={bulk.changing} onConfirm={bulk.change} />
      {bulk.changed !== null ? (
        <Alert color="green" mt="xs" role="status">
          {t.done.replace('{count}', count(bulk.changed))}
        </Alert>
      ) : null}
      {bulk.error ? (
        <Alert color="red" mt="xs" role="alert">
          {bulk.error.message}
        </Alert>
      ) : null}
    </Card>
  );
}

/** The answer's LINE delivery ledger: each message, when it is or was due, and how it went. */
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AnswerPage } from '@core/contract/staff-answers';
import { jaConsole } from '../../../messages/ja-console';

const t = jaConsole.lineLedger;
const at = (iso: string) => new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' });
const COLOURS = { queued: 'blue', sent: 'green', failed: 'red', void: 'gray' } as const;

export function AnswerLineMessages({ messages }: { messages: AnswerPage['lineMessages'] }) {
  return (
    <Card withBorder data-testid="answer-line-messages">
      <Title order={2} size="h5" mb="xs">
        {t.heading}
      </Title>
      {messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.none}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {messages.map((m) => (
            <li key={m.id} data-state={m.state}>
              <Group gap="xs" wrap="nowrap">
                <Badge color={COLOURS[m.state]} variant="light">
                  {t.states[m.state]}
                </Badge>
                <Text size="sm">{t.kinds[m.kind] ?? m.kind}</Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t.due} {at(m.dueAt)}
                {m.reason ? ` ・ ${t.reasons[m.reason] ?? m.reason}` : ''}
                {m.requestId ? ` ・ ${t.requestId} ${m.requestId}` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

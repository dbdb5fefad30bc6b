/** The answer page's side column: the reservation, the order and payment, the LINE messages, the history. */
import { Card, Stack, Text, Title } from '@mantine/core';
import type { AnswerPage } from '@core/contract/staff-answers';
import { paymentStatusLabel } from '@core/ja/payment-status';
import type { StaffRole } from '@core/rules/staff';
import { jaConsole } from '../../../messages/ja-console';
import { AnswerOrder } from './answer-order';
import { AnswerLineMessages } from './answer-line-messages';

const t = jaConsole.answer;
const at = (iso: string) => new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' });
/** A refund's from and to are payment states (0–4): shown by name. */
const stateOf = (kind: string, v: string) => (kind === 'refund' ? paymentStatusLabel(Number(v)) : v);

export function AnswerSide({ answer: a, role }: { answer: AnswerPage; role: StaffRole }) {
  return (
    <Stack gap="sm">
      {a.reservation ? (
        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            {t.reservation}
          </Title>
          <Text>
            {a.reservation.day} {a.reservation.time ?? a.reservation.slot}
          </Text>
          <Text size="sm">{[a.reservation.calendar, ...a.reservation.categories].filter(Boolean).join(' / ')}</Text>
          <Text size="sm" c="dimmed">
            {a.reservation.live ? t.live : t.released}
          </Text>
        </Card>
      ) : null}
      {a.order ? <AnswerOrder answer={a} order={a.order} role={role} /> : null}
      <AnswerLineMessages messages={a.lineMessages} />
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          {t.history}
        </Title>
        <Stack gap={2} component="ul" data-testid="answer-history" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {a.history.map((h, i) => (
            <Text component="li" size="sm" key={`${h.at}-${i}`}>
              {at(h.at)} {t.kinds[h.kind] ?? h.kind}
              {h.actor ? `（${t.actors[h.actor.kind] ?? h.actor.kind}${h.actor.name ? ` ${h.actor.name}` : ''}）` : ''}
              {h.answerCode ? ` ${jaConsole.answers.answerCode} ${h.answerCode}` : ''}
              {h.from ? ` ${stateOf(h.kind, h.from)} →` : ''}
              {h.status ? ` ${stateOf(h.kind, h.status)}` : ''}
              {h.note ? ` ${h.note}` : ''}
            </Text>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}

/** The answer page's side column: the reservation, the order and payment, the history. */
import { Card, Stack, Text, Title } from '@mantine/core';
import type { AnswerPage } from '@core/contract/staff-answers';
import { jaConsole } from '../../../messages/ja-console';

const t = jaConsole.answer;
const at = (iso: string) => new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' });
const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

export function AnswerSide({ answer: a }: { answer: AnswerPage }) {
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
      {a.order ? (
        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            {t.order}
          </Title>
          <Text size="sm">{a.order.order.serviceName}</Text>
          <Stack gap={0} component="ul" aria-label={t.lines} style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {a.order.order.details.map((d) => (
              <Text component="li" size="sm" key={d.detailId}>
                {d.productName}
              </Text>
            ))}
          </Stack>
          <Text size="sm">
            {t.amount} {yen(a.order.amountWithTax)} ・ {t.payType} {a.order.order.payMethod ?? a.order.order.selectedPayType} ・ {t.payStatus} {a.order.status ?? '—'} ・ {t.phase} {a.order.phase ?? '—'}
          </Text>
        </Card>
      ) : null}
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
              {h.from ? ` ${h.from} →` : ''}
              {h.status ? ` ${h.status}` : ''}
              {h.note ? ` ${h.note}` : ''}
            </Text>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}

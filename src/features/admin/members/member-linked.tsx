/** A member's answers on the member form's linked forms, newest first, each opening its answer page. */
import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CHECK_STATUSES, type CheckStatus } from '@core/contract/result-rows';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { StatusChip } from '../status/status-chip';
import type { MemberAnswer } from './member-queries';
import { tokyoMinute } from './member-lines';

const t = jaConsole.member;
const isCheckStatus = (s: string): s is CheckStatus => (CHECK_STATUSES as readonly string[]).includes(s);

export function MemberLinked({ linked }: { linked: MemberAnswer['linked'] }) {
  if (linked.length === 0) {
    return (
      <Text size="sm" data-testid="member-linked-none">
        {t.noLinked}
      </Text>
    );
  }
  return (
    <Table striped withTableBorder data-testid="member-linked">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.form}</Table.Th>
          <Table.Th>{t.answerCode}</Table.Th>
          <Table.Th>{t.receivedAt}</Table.Th>
          <Table.Th>{t.reservation}</Table.Th>
          <Table.Th>{t.status}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t.open}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {linked.map((a) => (
          <Table.Tr key={a.partitionKey} data-testid="member-linked-answer">
            <Table.Td>{a.title}</Table.Td>
            <Table.Td>{a.answerCode ?? '—'}</Table.Td>
            <Table.Td>{tokyoMinute(a.createdAt)}</Table.Td>
            <Table.Td data-testid="member-linked-reservation">{a.reservation ? [a.reservation.day, a.reservation.time, ...a.reservation.categories].filter(Boolean).join(' ') : '—'}</Table.Td>
            <Table.Td>{isCheckStatus(a.status) ? <StatusChip status={a.status} /> : a.status}</Table.Td>
            <Table.Td>
              <Anchor
                size="sm"
                aria-label={fill(t.openLabel, { form: a.title })}
                renderRoot={(props) => <Link {...props} to="/admin/forms/$surveyId/a/$key" params={{ surveyId: a.surveyId, key: a.partitionKey }} />}
              >
                {t.open}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

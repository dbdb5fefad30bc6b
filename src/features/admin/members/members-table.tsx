/** A page of a member form's records: member number, the form's searchable items, registered day, and the way to the record. */
import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { MembersAnswer } from './member-queries';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { tokyoDay } from './member-lines';

const t = jaConsole.members;

/** `busy`: another page or search is on its way (the rows shown are the last ones). */
export function MembersTable({ surveyId, q, page, busy }: { surveyId: string; q: string; page: MembersAnswer; busy: boolean }) {
  const { columns, members } = page;
  return (
    <Table striped highlightOnHover withTableBorder data-testid="members-table" data-q={q} aria-busy={busy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.memberNumber}</Table.Th>
          {columns.map((c) => (
            <Table.Th key={c.itemKey}>{c.title}</Table.Th>
          ))}
          <Table.Th>{t.registeredAt}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t.open}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.map((m) => {
          const name = m.memberNumber ?? (columns[0] ? m.values[columns[0].itemKey] : undefined) ?? m.partitionKey;
          return (
            <Table.Tr key={m.partitionKey} data-testid="member-row">
              <Table.Td data-testid="member-number">{m.memberNumber ?? '—'}</Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.itemKey} data-item-key={c.itemKey}>
                  <Text size="sm" lineClamp={2}>
                    {m.values[c.itemKey] ?? ''}
                  </Text>
                </Table.Td>
              ))}
              <Table.Td>{tokyoDay(m.createdAt)}</Table.Td>
              <Table.Td>
                <Anchor
                  size="sm"
                  aria-label={fill(t.openLabel, { name })}
                  renderRoot={(props) => <Link {...props} to="/admin/members/$surveyId/$partitionKey" params={{ surveyId, partitionKey: m.partitionKey }} search={q ? { q } : {}} />}
                >
                  {t.open}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

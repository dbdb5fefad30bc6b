/**
 * The stays of the nights shown, one row each: name, 受付番号, bed, admission and discharge with
 * their sessions, status, and the link to the stay's answer page.
 */
import { Anchor, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { WardNights } from '@core/contract/staff-bed-wards';
import { bedNameOf } from '@core/rules/bed-stay';
import { readDateText } from '../../../lib/ja-dates';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { StatusChip } from '../status/status-chip';
import { answerHref } from './ward-links';

const t = jaConsole.ward;

export function WardStays({ ward }: { ward: WardNights }) {
  return (
    <section aria-labelledby="ward-stays-heading" className="ward-stays">
      <Title order={2} size="h4" id="ward-stays-heading" mb="xs">
        {t.stays}
      </Title>
      {ward.stays.length === 0 ? (
        <Text size="sm" c="dark.4">
          {t.noStays}
        </Text>
      ) : (
        <Table withTableBorder striped verticalSpacing={4} data-testid="ward-stays">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.name}</Table.Th>
              <Table.Th>{t.code}</Table.Th>
              <Table.Th>{t.bed}</Table.Th>
              <Table.Th>{t.start}</Table.Th>
              <Table.Th>{t.end}</Table.Th>
              <Table.Th>{t.status}</Table.Th>
              <Table.Th className="bed-ward-no-print">{t.open}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ward.stays.map((s) => (
              <Table.Tr key={s.partitionKey} data-testid="ward-stay-row" data-partition-key={s.partitionKey}>
                <Table.Td fw={500}>{s.name}</Table.Td>
                <Table.Td ff="monospace">{s.answerCode ?? '—'}</Table.Td>
                <Table.Td>{s.bedId === null ? '—' : bedNameOf(ward.beds, s.bedId)}</Table.Td>
                <Table.Td>{readDateText(`${s.startDate} ${s.startSession}`)}</Table.Td>
                <Table.Td>{readDateText(`${s.endDate} ${s.endSession}`)}</Table.Td>
                <Table.Td>
                  <StatusChip status={s.status} />
                </Table.Td>
                <Table.Td className="bed-ward-no-print">
                  <Anchor component={Link} to={answerHref(ward.surveyId, s.partitionKey)} aria-label={fill(t.openLabel, { name: s.name })} size="sm">
                    {t.open}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}

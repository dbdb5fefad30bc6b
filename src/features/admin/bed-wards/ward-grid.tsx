/**
 * The ward's nights as a grid: a column per night, a row per bed (and rows for stays without a
 * bed), each stay one cell across its nights, opening its answer page; the nights' beds taken of
 * those set, and free, at the foot. Fourteen nights fit a 1024-pixel tablet's width.
 */
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Temporal } from 'temporal-polyfill';
import type { WardNights } from '@core/contract/staff-bed-wards';
import { fill } from '../../../messages/fill';
import { ja } from '../../../messages/ja';
import { jaConsole } from '../../../messages/ja-console';
import { wardRows } from './ward-rows';
import { answerHref, stayLabel } from './ward-links';

const t = jaConsole.ward;

const nightHead = (iso: string) => {
  const d = Temporal.PlainDate.from(iso);
  return { day: `${d.month}/${d.day}`, weekday: `（${ja.calendar.weekdays[d.dayOfWeek - 1] ?? ''}）`, weekend: d.dayOfWeek >= 6 };
};

export function WardGrid({ ward }: { ward: WardNights }) {
  const rows = wardRows(ward);
  return (
    <Table className="ward-grid" layout="fixed" withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing={4} data-testid="ward-grid">
      <caption className="ward-caption">{t.gridCaption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" className="ward-label">
            {t.bed}
          </Table.Th>
          {ward.nights.map((n) => {
            const h = nightHead(n.night);
            return (
              <Table.Th scope="col" key={n.night} className={h.weekend ? 'ward-night ward-weekend' : 'ward-night'} data-night={n.night}>
                {h.day}
                <br />
                <span className="ward-weekday">{h.weekday}</span>
              </Table.Th>
            );
          })}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key} data-testid="ward-row" data-row={r.key}>
            <Table.Th scope="row" className="ward-label">
              {r.bedName ?? fill(t.noBed, { n: r.lane })}
            </Table.Th>
            {r.cells.map((c) =>
              c.kind === 'free' ? (
                <Table.Td key={c.night} />
              ) : (
                <Table.Td key={c.stay.partitionKey} colSpan={c.span} className={c.clipped ? 'ward-stay ward-clipped' : 'ward-stay'} title={stayLabel(c.stay)} data-testid="ward-stay" data-partition-key={c.stay.partitionKey}>
                  <Anchor component={Link} to={answerHref(ward.surveyId, c.stay.partitionKey)} aria-label={stayLabel(c.stay)} size="sm" fw={500} c="dark.9" className="ward-stay-name">
                    {c.stay.name}
                  </Anchor>
                  <Text size="xs" c="dark.5" className="ward-stay-status">
                    {c.stay.status}
                  </Text>
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr data-testid="ward-held">
          <Table.Th scope="row" className="ward-label">
            {t.held}
          </Table.Th>
          {ward.nights.map((n) => (
            <Table.Td key={n.night} className="ward-count">
              {n.held}/{n.capacity ?? t.noCount}
            </Table.Td>
          ))}
        </Table.Tr>
        <Table.Tr data-testid="ward-free">
          <Table.Th scope="row" className="ward-label">
            {t.free}
          </Table.Th>
          {ward.nights.map((n) => (
            <Table.Td key={n.night} className="ward-count">
              {n.free}
            </Table.Td>
          ))}
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

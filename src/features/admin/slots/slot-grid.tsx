/**
 * The quotas of two weeks: a row per day (its weekday, 休業), a column per slot of the comaList,
 * each cell the slot's places with what it holds. A changed cell is marked until it is saved.
 */
import { Checkbox, Table, Text, TextInput } from '@mantine/core';
import { Temporal } from 'temporal-polyfill';
import { jaConsole } from '../../../messages/ja-console';
import type { SlotEditor } from './use-slot-editor';

const t = jaConsole.slots;

const numberOf = (raw: string): number | null | undefined => {
  const v = raw.normalize('NFKC').trim();
  if (v === '') return null;
  return /^\d{1,4}$/.test(v) ? Number(v) : undefined;
};

export function SlotGrid({ editor }: { editor: SlotEditor }) {
  const data = editor.grid.data;
  if (!data) return null;
  const slots = Object.entries(data.comaList);
  return (
    <Table withTableBorder withColumnBorders striped data-testid="slot-grid" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={120}>{t.date}</Table.Th>
          <Table.Th w={64}>{t.dayOff}</Table.Th>
          {slots.map(([key, coma]) => (
            <Table.Th key={key}>
              {coma.start}〜{coma.end}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.days.map((d) => {
          const weekday = t.weekdays[Temporal.PlainDate.from(d.day).dayOfWeek - 1] ?? '';
          const off = editor.dayOffOf(d.day);
          return (
            <Table.Tr key={d.day} data-testid="slot-day" data-day={d.day} data-day-off={off ? 'true' : 'false'}>
              <Table.Td>
                {d.day}（{weekday}）
              </Table.Td>
              <Table.Td>
                <Checkbox aria-label={t.dayOffOf.replace('{day}', d.day)} checked={off} onChange={(e) => editor.setDayOff(d.day, e.currentTarget.checked)} />
              </Table.Td>
              {slots.map(([key, coma]) => {
                const value = editor.cellValue(d.day, key);
                const held = d.slots[key]?.[1] ?? 0;
                return (
                  <Table.Td key={key} data-changed={editor.isChanged(d.day, key) ? 'true' : undefined} bg={editor.isChanged(d.day, key) ? 'yellow.0' : undefined}>
                    <TextInput
                      size="xs"
                      inputMode="numeric"
                      aria-label={t.quotaOf.replace('{day}', d.day).replace('{time}', `${coma.start}〜${coma.end}`)}
                      value={value === null ? '' : String(value)}
                      onChange={(e) => {
                        const n = numberOf(e.currentTarget.value);
                        if (n !== undefined) editor.setCell(d.day, key, n);
                      }}
                    />
                    {held > 0 ? (
                      <Text size="xs" c={value !== null && held > value ? 'red.9' : 'dimmed'}>
                        {t.held.replace('{held}', String(held))}
                      </Text>
                    ) : null}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

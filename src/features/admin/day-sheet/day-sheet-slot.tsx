/**
 * One slot of the day sheet: its time, quota and held places, the walk-in link, and its bookings as
 * rows (name, 受付番号, reservation item, status in the spec's admin colours, arrival).
 */
import { Badge, Button, Group, Table, Text, Title } from '@mantine/core';
import type { ArrivalMark, DayBooking, DaySlot, WalkIn } from '@core/contract/staff-day-sheet';
import { adminStatusColour } from '@core/rules/status';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { ArrivalCell } from './arrival-cell';
import { walkInHref } from './walk-in';

const t = jaConsole.daySheet;

/** Mantine has no brown and spells grey "gray". */
const badgeColour = (status: DayBooking['status']): string => {
  const c = adminStatusColour(status);
  return c === null || c === 'grey' ? 'gray' : c === 'brown' ? '#795548' : c;
};

export interface SlotProps {
  slot: DaySlot;
  date: string;
  canHandle: boolean;
  walkIn: WalkIn | null;
  busyKey: string | null;
  onMark: (b: DayBooking, mark: ArrivalMark | null) => void;
}

export function DaySheetSlot({ slot, date, canHandle, walkIn, busyKey, onMark }: SlotProps) {
  const time = slot.start ? fill(t.slotTime, { start: slot.start, end: slot.end }) : slot.slot;
  const headingId = `slot-${slot.slot}`;
  return (
    <section className="day-sheet-slot" aria-labelledby={headingId} data-testid="day-sheet-slot" data-slot={slot.slot}>
      <Group justify="space-between" className="day-sheet-slot-head" mb="xs">
        <Group gap="md">
          <Title order={2} size="h4" id={headingId}>
            {time}
          </Title>
          <Text size="sm">{fill(t.counts, { held: slot.held, quota: slot.quota })}</Text>
        </Group>
        {canHandle && walkIn ? (
          <Button component="a" href={walkInHref(walkIn, date, slot.slot)} target="_blank" rel="noopener" size="xs" variant="light" className="day-sheet-no-print" aria-label={fill(t.walkInLabel, { slot: time })}>
            {t.walkIn}
          </Button>
        ) : null}
      </Group>
      {slot.bookings.length === 0 ? (
        <Text size="sm" c="dark.4">
          {t.noBookings}
        </Text>
      ) : (
        <Table withTableBorder striped verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="24%">{t.name}</Table.Th>
              <Table.Th w="14%">{t.code}</Table.Th>
              <Table.Th>{t.item}</Table.Th>
              <Table.Th w="12%">{t.status}</Table.Th>
              <Table.Th w="20%">{t.arrival}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {slot.bookings.map((b) => (
              <Table.Tr key={`${b.partitionKey}|${b.itemKey}`} data-testid="day-sheet-booking" data-partition-key={b.partitionKey}>
                <Table.Td>
                  <Text fw={500}>{b.name}</Text>
                  <Text size="xs" c="dark.4">
                    {b.surveyTitle}
                  </Text>
                </Table.Td>
                <Table.Td ff="monospace">{b.answerCode ?? '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm">{[...b.category, b.itemName].join(' › ')}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={badgeColour(b.status)} autoContrast>
                      {b.status}
                    </Badge>
                    {b.paymentPending ? (
                      <Badge color="dark" variant="outline">
                        {t.paymentPending}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <ArrivalCell booking={b} canHandle={canHandle} busy={busyKey === `${b.partitionKey}|${b.itemKey}`} onMark={(m) => onMark(b, m)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}

/**
 * A booking's 来院 / 未来院: two toggle buttons (pressing the one already on clears it) for a person
 * who may handle bookings, the mark as text for one who may not, and on paper.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { Temporal } from 'temporal-polyfill';
import type { ArrivalMark, DayBooking } from '@core/contract/staff-day-sheet';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';

const t = jaConsole.daySheet;
const LABEL: Record<ArrivalMark, string> = { arrived: t.arrived, noShow: t.noShow };
const COLOUR: Record<ArrivalMark, string> = { arrived: 'teal.9', noShow: 'red.9' };

const timeOf = (iso: string): string => {
  const z = Temporal.Instant.from(iso).toZonedDateTimeISO('Asia/Tokyo');
  return `${String(z.hour).padStart(2, '0')}:${String(z.minute).padStart(2, '0')}`;
};

export function ArrivalCell(p: { booking: DayBooking; canHandle: boolean; busy: boolean; onMark: (mark: ArrivalMark | null) => void }) {
  const current = p.booking.arrival?.mark ?? null;
  return (
    <Stack gap={2}>
      {p.canHandle ? (
        <Group gap={4} wrap="nowrap" className="day-sheet-no-print">
          {(['arrived', 'noShow'] as const).map((m) => (
            <Button
              key={m}
              size="xs"
              variant={current === m ? 'filled' : 'default'}
              color={COLOUR[m]}
              aria-pressed={current === m}
              aria-label={`${p.booking.name} ${LABEL[m]}`}
              disabled={p.busy}
              onClick={() => p.onMark(current === m ? null : m)}
            >
              {LABEL[m]}
            </Button>
          ))}
        </Group>
      ) : null}
      {current ? (
        <Text size="xs" c="dark.4" data-testid="arrival-mark" data-mark={current}>
          <span className={p.canHandle ? 'day-sheet-print-only' : undefined}>{LABEL[current]} </span>
          {p.booking.arrival ? fill(t.markedBy, { time: timeOf(p.booking.arrival.at), staff: p.booking.arrival.staffName }) : null}
        </Text>
      ) : null}
    </Stack>
  );
}

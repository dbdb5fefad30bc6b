/**
 * Under the refusal of a slot lost to someone faster: the schedule read afresh (no reload) and
 * the nearest slots still free, each one tap from being the choice (free-slots.ts).
 */
import { Button, Group, Text } from '@mantine/core';
import type { Coma, Schedule } from '@core/contract/calendars';
import { nowInTokyo, type BookableWindow } from '@core/rules/reservation-window';
import { fill } from '../messages/fill';
import { ja } from '../messages/ja';
import type { SlotChoice } from './calendar-view';
import { formatMonthDayWeekday, formatTimeRange } from './dates';
import { nearestFreeSlots } from './free-slots';

const OFFERED = 4;

export function FreeSlotsOffer(props: {
  /** The schedule as read after the refusal; undefined while it is being read. */
  schedule: Schedule | undefined;
  window: BookableWindow;
  cost: number;
  comaList: Readonly<Record<string, Coma>>;
  lost: SlotChoice;
  onPick: (choice: SlotChoice) => void;
}) {
  if (!props.schedule) {
    return (
      <Text size="sm" mt={6} data-testid="free-slots-loading">
        {ja.calendar.checkingFree}
      </Text>
    );
  }
  const free = nearestFreeSlots(props.schedule, props.window, props.cost, props.comaList, props.lost, OFFERED, nowInTokyo());
  if (free.length === 0) {
    return (
      <Text size="sm" mt={6} data-testid="free-slots-none">
        {ja.calendar.noneFree}
      </Text>
    );
  }
  return (
    <div data-testid="free-slots">
      <Text size="sm" fw={600} mt={6}>
        {ja.calendar.stillFree}
      </Text>
      <Group gap={6} mt={4}>
        {free.map((f) => (
          <Button
            key={`${f.date.toString()}|${f.slot}`}
            size="compact-sm"
            variant="white"
            color="dark"
            onClick={() => props.onPick({ date: f.date, slot: f.slot })}
            data-testid="free-slot"
            data-date={f.date.toString()}
            data-slot={f.slot}
          >
            {`${formatMonthDayWeekday(f.date)} ${formatTimeRange(props.comaList[f.slot])} ${fill(ja.calendar.remaining, { count: f.remaining })}`}
          </Button>
        ))}
      </Group>
    </div>
  );
}

/**
 * The reservation calendar (spec 02 §2): a weekly view (Monday first, previous/next week) and a
 * monthly view (up to 6 weeks of 7 days, previous/next month, caption YYYY年M月), toggled. Each
 * slot shows its state: active with the places left (残り3), full (満), day off (休), disabled (−).
 * Pure: it draws the schedule it is given and reports the slot picked.
 */
import { Button, Group, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import type { Coma, Schedule } from '@core/contract/calendars';
import {
  hasSlotStarted,
  isBookableDay,
  nowInTokyo,
  remainingOf,
  slotStateOf,
  type BookableWindow,
  type SlotState,
} from '@core/rules/reservation-window';
import { fill } from '../messages/fill';
import { ja } from '../messages/ja';
import {
  formatMonthCaption,
  formatMonthDayWeekday,
  formatShortDay,
  formatTimeRange,
  formatWeekCaption,
  mondayOf,
  monthGrid,
  navigableRange,
  sortSlotKeys,
  weekDays,
  type CalendarViewKind,
} from './dates';
import { SlotStateText, TimeRange } from './cell-text';
import './calendar.css';

export interface SlotChoice {
  date: Temporal.PlainDate;
  slot: string;
}

export interface CalendarViewProps {
  today: Temporal.PlainDate;
  window: BookableWindow;
  schedule: Schedule | undefined;
  /** Slot times; the schedule's own comaList wins when it has one. */
  comaList: Readonly<Record<string, Coma>>;
  /** Quota units one booking of the chosen item takes. */
  cost: number;
  /** numberMonthShowCalendar (see dates.ts navigableRange). */
  monthsShown: number;
  selected: SlotChoice | null;
  onPick: (choice: SlotChoice) => void;
  defaultView?: CalendarViewKind;
  /** The day the views open on (the chosen date in edit mode); default today. */
  anchor?: Temporal.PlainDate | undefined;
}

export interface SlotInfo {
  state: SlotState;
  remaining: number;
}

/** How one slot of one day shows, from the schedule and the bookable window. */
export const slotInfoOf = (
  schedule: Schedule | undefined,
  window: BookableWindow,
  cost: number,
  date: Temporal.PlainDate,
  slot: string,
): SlotInfo => {
  const iso = date.toString();
  const count = schedule?.schedule[iso]?.[slot];
  const quota = count?.[0] ?? 0;
  const reserved = count?.[1] ?? 0;
  const state = slotStateOf({ quota, reserved, cost, dayOff: schedule?.dayOff[iso] === 1, bookable: isBookableDay(window, date) });
  return { state, remaining: remainingOf(quota, reserved) };
};

/** The earliest day of the loaded schedule with a slot that can be booked, or null when none. */
export const firstActiveDay = (schedule: Schedule, window: BookableWindow, cost: number, slots: readonly string[]): Temporal.PlainDate | null => {
  let first: Temporal.PlainDate | null = null;
  for (const iso of Object.keys(schedule.schedule)) {
    let date: Temporal.PlainDate;
    try {
      date = Temporal.PlainDate.from(iso);
    } catch {
      continue;
    }
    if (first && Temporal.PlainDate.compare(date, first) >= 0) continue;
    if (slots.some((slot) => slotInfoOf(schedule, window, cost, date, slot).state === 'active')) first = date;
  }
  return first;
};

/** Whether any slot in the loaded schedule can be booked (else 現在予約可能な枠がありません). */
export const hasActiveSlot = (schedule: Schedule, window: BookableWindow, cost: number, slots: readonly string[]): boolean =>
  firstActiveDay(schedule, window, cost, slots) !== null;

const stateText = (info: SlotInfo): string =>
  info.state === 'active'
    ? fill(ja.calendar.remaining, { count: info.remaining })
    : info.state === 'full'
      ? ja.calendar.full
      : info.state === 'dayOff'
        ? ja.calendar.dayOff
        : ja.calendar.disabled;

const stateName: Record<SlotState, string> = {
  active: ja.calendar.stateActive,
  full: ja.calendar.stateFull,
  dayOff: ja.calendar.stateDayOff,
  disabled: ja.calendar.stateDisabled,
};

const sameChoice = (a: SlotChoice | null, date: Temporal.PlainDate, slot: string) => a !== null && a.slot === slot && a.date.equals(date);

function SlotButton({
  date,
  slot,
  info,
  time,
  selected,
  onPick,
}: {
  date: Temporal.PlainDate;
  slot: string;
  info: SlotInfo;
  time: string;
  selected: boolean;
  onPick: (c: SlotChoice) => void;
}) {
  const active = info.state === 'active';
  return (
    <UnstyledButton
      className="cal-slot"
      data-testid="slot"
      data-date={date.toString()}
      data-slot={slot}
      data-state={info.state}
      data-selected={selected ? 'true' : undefined}
      disabled={!active}
      aria-pressed={selected}
      aria-label={fill(ja.calendar.slotLabel, { date: formatMonthDayWeekday(date), time, state: active ? stateText(info) : stateName[info.state] })}
      onClick={() => active && onPick({ date, slot })}
    >
      <SlotStateText text={stateText(info)} />
    </UnstyledButton>
  );
}

interface NavButton {
  label: string;
  onClick: () => void;
  disabled: boolean;
}

/** Previous / caption / next: the same bar for weeks and months. */
function NavBar({ prev, next, caption }: { prev: NavButton; next: NavButton; caption: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Button size="compact-sm" variant="default" onClick={prev.onClick} disabled={prev.disabled} data-testid="calendar-prev">
        {prev.label}
      </Button>
      <Text fw={700} size="sm" data-testid="calendar-caption">
        {caption}
      </Text>
      <Button size="compact-sm" variant="default" onClick={next.onClick} disabled={next.disabled} data-testid="calendar-next">
        {next.label}
      </Button>
    </Group>
  );
}

export function CalendarView(props: CalendarViewProps) {
  const { today, window, schedule, cost, monthsShown, selected, onPick } = props;
  const comaList = schedule && Object.keys(schedule.comaList).length > 0 ? schedule.comaList : props.comaList;
  const slots = sortSlotKeys(Object.keys(comaList));
  const range = navigableRange(today, monthsShown);
  const start = props.anchor ?? today;
  const [view, setView] = useState<CalendarViewKind>(props.defaultView ?? 'week');
  const clampMonday = (m: Temporal.PlainDate) =>
    Temporal.PlainDate.compare(m, range.firstMonday) < 0 ? range.firstMonday : Temporal.PlainDate.compare(m, range.lastMonday) > 0 ? range.lastMonday : m;
  const clampMonth = (m: Temporal.PlainYearMonth) =>
    Temporal.PlainYearMonth.compare(m, range.firstMonth) < 0 ? range.firstMonth : Temporal.PlainYearMonth.compare(m, range.lastMonth) > 0 ? range.lastMonth : m;
  const [monday, setMonday] = useState(() => clampMonday(mondayOf(start)));
  const [month, setMonth] = useState(() => clampMonth(start.toPlainYearMonth()));
  const [day, setDay] = useState<Temporal.PlainDate | null>(() => props.anchor ?? null);

  // Today's slots whose start time has come show as disabled (the server refuses them too).
  const clock = nowInTokyo();
  const info = (date: Temporal.PlainDate, slot: string): SlotInfo => {
    const i = slotInfoOf(schedule, window, cost, date, slot);
    return i.state === 'active' && hasSlotStarted(date, comaList[slot]?.start, clock) ? { ...i, state: 'disabled' } : i;
  };
  const timeOf = (slot: string) => formatTimeRange(comaList[slot]);

  const switchView = (v: string) => {
    const next = v === 'month' ? 'month' : 'week';
    // Keep the place: the month of the shown week, or the first week of the shown month.
    if (next === 'month') setMonth(clampMonth(monday.toPlainYearMonth()));
    else setMonday(clampMonday(mondayOf(day ?? month.toPlainDate({ day: 1 }))));
    setView(next);
  };

  return (
    <Stack gap="xs" className="cal" data-testid="calendar-view" data-view={view}>
      <SegmentedControl
        size="xs"
        value={view}
        onChange={switchView}
        data={[
          { value: 'week', label: ja.calendar.weekView },
          { value: 'month', label: ja.calendar.monthView },
        ]}
        data-testid="calendar-view-toggle"
      />
      {view === 'week' ? (
        <>
          <NavBar
            prev={{ label: ja.calendar.prevWeek, onClick: () => setMonday(clampMonday(monday.subtract({ days: 7 }))), disabled: Temporal.PlainDate.compare(monday, range.firstMonday) <= 0 }}
            next={{ label: ja.calendar.nextWeek, onClick: () => setMonday(clampMonday(monday.add({ days: 7 }))), disabled: Temporal.PlainDate.compare(monday, range.lastMonday) >= 0 }}
            caption={formatWeekCaption(monday)}
          />
          <div className="cal-scroll">
            <table className="cal-week" data-testid="calendar-week">
              <thead>
                <tr>
                  <th className="cal-time" />
                  {weekDays(monday).map((d) => (
                    <th key={d.toString()} data-testid="calendar-day-head" data-date={d.toString()} className={d.dayOfWeek >= 6 ? `cal-dow-${d.dayOfWeek}` : undefined}>
                      <div>{formatShortDay(d)}</div>
                      <div>{ja.calendar.weekdays[d.dayOfWeek - 1]}</div>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {slots.map((slot) => (
                  <tr key={slot}>
                    <th scope="row" className="cal-time" data-testid="slot-time">
                      <TimeRange text={timeOf(slot)} />
                    </th>
                    {weekDays(monday).map((d) => (
                      <td key={d.toString()}>
                        <SlotButton date={d} slot={slot} info={info(d, slot)} time={timeOf(slot)} selected={sameChoice(selected, d, slot)} onPick={onPick} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <>
          <NavBar
            prev={{ label: ja.calendar.prevMonth, onClick: () => setMonth(clampMonth(month.subtract({ months: 1 }))), disabled: Temporal.PlainYearMonth.compare(month, range.firstMonth) <= 0 }}
            next={{ label: ja.calendar.nextMonth, onClick: () => setMonth(clampMonth(month.add({ months: 1 }))), disabled: Temporal.PlainYearMonth.compare(month, range.lastMonth) >= 0 }}
            caption={formatMonthCaption(month)}
          />
          <table className="cal-month" data-testid="calendar-month">
            <thead>
              <tr>
                {ja.calendar.weekdays.map((w) => (
                  <th key={w} data-testid="calendar-weekday">
                    {w}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(month).map((week) => (
                <tr key={week[0]?.toString()} data-testid="calendar-week-row">
                  {week.map((d) => {
                    const states = slots.map((s) => info(d, s));
                    const dayState: SlotState = states.some((s) => s.state === 'active')
                      ? 'active'
                      : states.some((s) => s.state === 'dayOff')
                        ? 'dayOff'
                        : states.some((s) => s.state === 'full')
                          ? 'full'
                          : 'disabled';
                    const outside = d.month !== month.month;
                    return (
                      <td key={d.toString()}>
                        <UnstyledButton
                          className="cal-day"
                          data-testid="calendar-day"
                          data-date={d.toString()}
                          data-state={dayState}
                          data-outside={outside ? 'true' : undefined}
                          data-selected={day?.equals(d) ? 'true' : undefined}
                          disabled={outside}
                          onClick={() => setDay(d)}
                        >
                          <span>{d.day}</span>
                          <span className="cal-day-mark">
                            {dayState === 'active' ? '○' : dayState === 'full' ? ja.calendar.full : dayState === 'dayOff' ? ja.calendar.dayOff : ja.calendar.disabled}
                          </span>
                        </UnstyledButton>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {day && day.month === month.month ? (
            <Stack gap={4} data-testid="calendar-day-slots" data-date={day.toString()}>
              <Text fw={700} size="sm">
                {formatMonthDayWeekday(day)}
              </Text>
              {slots.map((slot) => (
                <Group key={slot} justify="space-between" wrap="nowrap" className="cal-day-slot">
                  <Text size="sm" data-testid="slot-time">
                    {timeOf(slot)}
                  </Text>
                  <SlotButton date={day} slot={slot} info={info(day, slot)} time={timeOf(slot)} selected={sameChoice(selected, day, slot)} onPick={onPick} />
                </Group>
              ))}
            </Stack>
          ) : null}
        </>
      )}
    </Stack>
  );
}

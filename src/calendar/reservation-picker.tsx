/**
 * The reservation item's picker (spec 01 §2, spec 02 §2): the three category levels, the
 * reservation item of the chosen category, then the calendar. Loaded lazily by
 * src/items/reservation.tsx, so a form without a reservation item never fetches this code.
 */
import { Alert, Button, Input, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Temporal } from 'temporal-polyfill';
import type { CategoryNode } from '@core/contract/calendars';
import { todayInTokyo } from '@core/ja/date-input';
import { bookableWindow } from '@core/rules/reservation-window';
import { formatReservationValue, parseReservationValue } from '@core/rules/reservation-value';
import { windowForDose } from '@core/rules/vaccination';
import { offeredRoots } from '@core/rules/own-categories';
import type { ItemProps } from '../items/types';
import { ja } from '../messages/ja';
import { openSurveysQuery } from '../lib/open-surveys';
import { FormEngineContext } from '../form/engine-context';
import { ReservationStepContext } from '../form/step-context';
import { LoadingText } from '../ui/loading-text';
import { CalendarView, firstActiveDay, hasActiveSlot, type SlotChoice } from './calendar-view';
import { FreeSlotsOffer } from './free-slots-offer';
import { CalendarLoadFailure, failedRead } from './load-failure';
import { useNextDoseFrom, VaccineHint } from './vaccine-hint';
import { bookableCategory, fixedLevels, levelLabels, pathByNames, pathTo, LEVELS } from './categories';
import { scheduleRangeOf, sortSlotKeys } from './dates';
import {
  calendarInfoQuery,
  canBeReserveQuery,
  categoriesTreeQuery,
  displaySettingsQuery,
  itemInfoQuery,
  scheduleQuery,
  tagLabelsQuery,
} from './queries';
import { bookedPastDeadline } from './deadline';
import { useReservationValueLines } from './reservation-lines';

const later = (f: () => void) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(f) : setTimeout(f, 0));

/**
 * A refusal of this item's reservation, where the eye is: announced (role alert), scrolled into
 * view next to the slot choice and focused, once per refusal (its seq).
 */
function RefusalNotice({ text, seq, children }: { text: string; seq: number; children?: ReactNode }) {
  const shown = useRef<number | null>(null);
  const reveal = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el || shown.current === seq) return;
      shown.current = seq;
      later(() => {
        el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
        el.focus({ preventScroll: true });
      });
    },
    [seq],
  );
  return (
    <Alert ref={reveal} color="red" variant="light" role="alert" aria-live="assertive" tabIndex={-1} data-testid="reservation-notice" data-seq={seq}>
      {text}
      {children}
    </Alert>
  );
}

const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');

const nodesOf = (tree: readonly CategoryNode[], ids: readonly string[]): CategoryNode[] => {
  const out: CategoryNode[] = [];
  let level: readonly CategoryNode[] = tree;
  for (const id of ids) {
    const node = level.find((n) => n.id === id);
    if (!node) break;
    out.push(node);
    level = node.children;
  }
  return out;
};

export function ReservationPicker(p: ItemProps<'reservation'>) {
  const engine = useContext(FormEngineContext);
  const step = useContext(ReservationStepContext);
  const today = engine?.validateContext.today ?? todayInTokyo();
  const doseFrom = useNextDoseFrom(engine);
  const value = textOf(p.value);
  const parsed = useMemo(() => (value ? parseReservationValue(value) : null), [value]);

  const tree = useQuery(categoriesTreeQuery());
  // Which large categories other forms own (core/rules/own-categories.ts). Not waited for: until
  // it is read (the start page has usually read it), none are left out.
  const open = useQuery(openSurveysQuery());
  const owned = useMemo(() => new Set((open.data?.data ?? []).flatMap((f) => (f.ownLargeCategory ? [f.ownLargeCategory] : []))), [open.data]);
  const tags = useQuery(tagLabelsQuery());
  const labels = levelLabels(p.item, tags.data?.data);
  const fixed = fixedLevels(p.item);
  const requiredFlag = p.item.categoryRequiredFlag === true;

  const refusal = step.refusal && step.refusal.itemKey === p.item.itemKey ? step.refusal : null;
  const lostValue = refusal?.lost;
  const lost = useMemo(() => (lostValue ? parseReservationValue(lostValue) : null), [lostValue]);
  // What the choice is read from: the value, else a lost slot's (its categories and item stay
  // chosen, only the slot went).
  const basis = parsed ?? lost;

  // The levels chosen: the resident's pick, else the stored answer's category, else categories_tree.
  const [picked, setPicked] = useState<string[] | null>(null);
  const roots = tree.data?.data ?? [];
  const initial = useMemo(() => {
    const fromValue = basis ? pathTo(roots, basis.categoryId) : [];
    return (fromValue.length > 0 ? fromValue : pathByNames(roots, p.item.categories_tree)).map((n) => n.id);
  }, [roots, basis, p.item.categories_tree]);
  const chosen = nodesOf(roots, picked ?? initial);
  const target = bookableCategory(chosen, requiredFlag);
  // A value of a calendar id (not in the tree) keeps its own first part.
  const targetId = target?.id ?? (basis && chosen.length === 0 ? basis.categoryId : null);

  const items = useQuery({ ...itemInfoQuery(targetId ?? ''), enabled: targetId !== null });
  const [itemPick, setItemPick] = useState<string | null>(null);
  // A hidden item is not offered; an answer being changed keeps the one it has.
  const itemList = (items.data?.data ?? []).filter((i) => !i.hidden || (basis?.categoryId === targetId && basis?.itemId === i.itemId));
  const itemId =
    itemPick ??
    (basis && basis.categoryId === targetId ? basis.itemId : null) ??
    (itemList.length === 1 ? (itemList[0]?.itemId ?? null) : null);
  const item = itemList.find((i) => i.itemId === itemId);

  const info = useQuery({ ...calendarInfoQuery(targetId ?? ''), enabled: targetId !== null });
  const calendar = info.data?.data;
  const calendarId = target?.calendarId ?? calendar?.sortKey ?? null;
  const canBe = useQuery({ ...canBeReserveQuery(calendarId ?? ''), enabled: calendarId !== null });
  const range = scheduleRangeOf(today, step.monthsShown);
  const schedule = useQuery({
    ...scheduleQuery(calendarId ?? '', range.first.toString(), range.last.toString()),
    enabled: calendarId !== null && item !== undefined && calendar?.calendarOff !== 1,
  });
  const settings = useQuery(displaySettingsQuery());

  const comaList = schedule.data?.data.comaList && Object.keys(schedule.data.data.comaList).length > 0 ? schedule.data.data.comaList : (calendar?.comaList ?? {});
  // Read from the calendar by the value itself, so a restored or edited answer reads as fully as
  // a slot picked here (never the raw value).
  const lines = useReservationValueLines(p.item, value);
  const summary = parsed ? [lines.date, lines.time, lines.itemName ?? ''].filter((s) => s !== '').join(' ') : null;
  // Booking a slot already inside its cancel deadline: it could not be changed or cancelled after.
  const pastDeadline =
    parsed !== null &&
    calendar !== undefined &&
    schedule.data !== undefined &&
    bookedPastDeadline(calendar, schedule.data.data.dayOff, parsed.date as Temporal.PlainDate, today);

  const clear = () => {
    if (value) p.onChange(undefined);
  };
  const pickLevel = (level: number, id: string) => {
    const ids = chosen.slice(0, level).map((n) => n.id);
    if (id) ids.push(id);
    setPicked(ids);
    setItemPick(null);
    clear();
  };
  const pickSlot = (choice: SlotChoice) => {
    if (!targetId || !item) return;
    const next = formatReservationValue({ categoryId: targetId, itemId: item.itemId, date: choice.date, slot: choice.slot });
    p.onChange(next);
    step.onPicked?.();
  };

  const summaryBlock = (
    <div data-testid="reservation-summary" data-value={value}>
      <Text size="sm" c="dimmed">
        {ja.calendar.chosen}
      </Text>
      <Text fw={700}>{summary ?? (value ? ja.display.noReservationDate : ja.calendar.noChoice)}</Text>
      {lines.categories.length > 0 ? (
        <Text size="sm" data-testid="reservation-summary-categories">
          {lines.categories.map((c) => c.name).join(' / ')}
        </Text>
      ) : null}
      {pastDeadline ? (
        <Alert color="yellow" variant="light" mt="xs" data-testid="deadline-warning">
          {ja.calendar.pastDeadlineWarning}
        </Alert>
      ) : null}
    </div>
  );
  // A slot lost to someone faster: the schedule is read again at once, and the notice offers
  // what is still free from that fresh read (no reload).
  const lostHere = lost && lost.categoryId === targetId && lost.itemId === itemId ? { date: lost.date as Temporal.PlainDate, slot: lost.slot } : null;
  const [askedAt, setAskedAt] = useState(0);
  const refetchSchedule = schedule.refetch;
  const lostSeq = lostHere ? refusal?.seq : undefined;
  useEffect(() => {
    if (lostSeq === undefined) return;
    setAskedAt(Date.now());
    void refetchSchedule();
  }, [lostSeq, refetchSchedule]);
  const fresh = schedule.data && !schedule.isFetching && schedule.dataUpdatedAt >= askedAt ? schedule.data.data : undefined;
  // A vaccination form's days before this dose's earliest are held back like days outside the window.
  const window = calendar ? windowForDose(bookableWindow(calendar, today), doseFrom) : null;
  const notice = refusal ? (
    <RefusalNotice key={refusal.seq} text={refusal.text} seq={refusal.seq}>
      {lostHere && window ? (
        <FreeSlotsOffer schedule={fresh} window={window} cost={item?.cost ?? 1} comaList={comaList} lost={lostHere} onPick={pickSlot} />
      ) : null}
    </RefusalNotice>
  ) : null;

  if (step.summaryOnly || p.readOnly) {
    return (
      <Input.Wrapper id={p.id} label={p.label} description={p.description} error={p.error}>
        <Stack gap="xs" mt={4}>
          {notice}
          {summaryBlock}
          {step.summaryOnly && step.backToSlot && !p.readOnly ? (
            <Button variant="light" size="xs" onClick={step.backToSlot} data-testid="reservation-change">
              {ja.calendar.change}
            </Button>
          ) : null}
        </Stack>
      </Input.Wrapper>
    );
  }

  if (tree.isPending) return <LoadingText />;
  const failed = failedRead(tree, items, info, schedule);
  if (failed) {
    return (
      <Input.Wrapper label={p.label} description={p.description} data-testid="reservation-picker">
        <CalendarLoadFailure error={failed} onLoadFailure={step.onLoadFailure} />
      </Input.Wrapper>
    );
  }

  // Level i offers the children of the category chosen above it.
  const levels: { options: readonly CategoryNode[]; chosen: CategoryNode | undefined }[] = [];
  // Level 0 offers the roots this item may book under, and a stored answer's own root whatever it is.
  const offered = offeredRoots(roots, p.item, owned);
  let options: readonly CategoryNode[] = roots.filter((r) => offered.includes(r) || r.id === chosen[0]?.id);
  for (let i = 0; i < LEVELS.length && options.length > 0; i += 1) {
    levels.push({ options, chosen: chosen[i] });
    const next = chosen[i];
    if (!next) break;
    options = next.children;
  }

  const slots = sortSlotKeys(Object.keys(comaList));
  // calendarOff says 現在予約を受け付けておりません; canBeReserve false on an open calendar means no
  // slot has room (server/routes/calendars.ts), which is 現在予約可能な枠がありません. A failed
  // canBeReserve answers true (queries.ts).
  const off = calendar?.calendarOff === 1;
  const serverNoSlot = canBe.data === false && !off;
  const cost = item?.cost ?? 1;
  const selected: SlotChoice | null = parsed && parsed.categoryId === targetId && parsed.itemId === itemId ? { date: parsed.date, slot: parsed.slot } : null;

  return (
    <Input.Wrapper label={p.label} description={p.description} error={p.error} data-testid="reservation-picker">
      <Stack gap="sm" mt={4}>
        {notice}
        {value ? summaryBlock : null}
        {levels.map((l, i) =>
          fixed[i] ? (
            <TextInput
              key={i}
              id={i === 0 ? p.id : `${p.id}-l${i}`}
              label={labels[i]}
              value={l.chosen?.name ?? ''}
              readOnly
              data-testid={`category-level-${i}`}
              data-fixed="true"
            />
          ) : (
            <NativeSelect
              key={i}
              id={i === 0 ? p.id : `${p.id}-l${i}`}
              label={labels[i]}
              value={l.chosen?.id ?? ''}
              onChange={(e) => pickLevel(i, e.currentTarget.value)}
              data={[{ value: '', label: ja.calendar.categoryPlaceholder }, ...l.options.map((n) => ({ value: n.id, label: n.name }))]}
              data-testid={`category-level-${i}`}
            />
          ),
        )}
        {targetId ? (
          items.isPending ? (
            <LoadingText />
          ) : (
            <NativeSelect
              id={`${p.id}-item`}
              label={ja.calendar.itemLabel}
              value={itemId ?? ''}
              onChange={(e) => {
                setItemPick(e.currentTarget.value || null);
                clear();
              }}
              data={[{ value: '', label: ja.calendar.itemPlaceholder }, ...itemList.map((i) => ({ value: i.itemId, label: i.itemName }))]}
              data-testid="reservation-item-select"
            />
          )
        ) : null}
        {item && targetId ? (
          info.isPending ? (
            <LoadingText />
          ) : off ? (
            <Alert color="gray" variant="light" data-testid="calendar-off">
              {ja.calendar.calendarOff}
            </Alert>
          ) : !calendar || !window ? null : schedule.isPending ? (
            <Text size="sm" c="dimmed">
              {ja.calendar.loading}
            </Text>
          ) : (serverNoSlot || (schedule.data && !hasActiveSlot(schedule.data.data, window, cost, slots))) && !selected ? (
            <>
              <VaccineHint from={doseFrom} />
              <Alert color="gray" variant="light" data-testid="calendar-no-slot">
                {ja.calendar.noSlot}
              </Alert>
            </>
          ) : (
            <>
              <VaccineHint from={doseFrom} />
              <CalendarView
                // A new earliest dose day opens the calendar again on it (or on the chosen day).
                key={`${calendarId}:${item.itemId}:${doseFrom?.toString() ?? ''}`}
                today={today}
                window={window}
                schedule={schedule.data?.data}
                comaList={comaList}
                cost={cost}
                monthsShown={step.monthsShown}
                selected={selected}
                onPick={pickSlot}
                defaultView={settings.data?.data.defaultView}
                // The chosen day in edit mode, else the first day with a free slot: a form opened on a
                // Saturday, whose first bookable day is a Sunday off, opens on next week, not on a
                // week with nothing to book.
                anchor={
                  (selected?.date as Temporal.PlainDate | undefined) ??
                  (schedule.data ? firstActiveDay(schedule.data.data, window, cost, slots) : null) ??
                  window.first
                }
              />
            </>
          )
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}

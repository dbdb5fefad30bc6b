/**
 * The slot grid's state: the two weeks shown, the cells and days changed but not yet saved (kept
 * across the weeks shown), a weekly rule put onto them, and the save: sent under the version the
 * grid was read at; answered with held bookings it touches, it waits for staff to confirm; stale,
 * it says so and offers the latest. A CSV goes through the same save.
 */
import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { slotRef, weeklyEdits, type SlotEdits } from '@core/rules/slot-edits';
import { isApiClientError } from '../../../lib/api-error';
import { GRID_DAYS, useSlotGrid, useSlotSave, type SaveRequest } from './slot-queries';

const mondayOf = (d: Temporal.PlainDate) => d.subtract({ days: d.dayOfWeek - 1 });

export const useSlotEditor = (calendarId: string, today: string, enabled: boolean) => {
  const [from, setFrom] = useState(() => mondayOf(Temporal.PlainDate.from(today)).toString());
  const grid = useSlotGrid(calendarId, from, enabled);
  const save = useSlotSave(calendarId);
  // Changed cells by `day|slot` (null: the slot removed) and changed days (true: a day off).
  const [quotas, setQuotas] = useState<ReadonlyMap<string, number | null>>(new Map());
  const [dayOffs, setDayOffs] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [pending, setPending] = useState<SaveRequest | null>(null);
  const [savedCount, setSavedCount] = useState<number | null>(null);
  const data = grid.data;

  const edits = (): SlotEdits => ({
    quotas: [...quotas].map(([ref, quota]) => {
      const [day, slot] = ref.split('|') as [string, string];
      return { day, slot, quota };
    }),
    dayOffs: { add: [...dayOffs].filter(([, off]) => off).map(([d]) => d), remove: [...dayOffs].filter(([, off]) => !off).map(([d]) => d) },
  });
  const reset = () => {
    setQuotas(new Map());
    setDayOffs(new Map());
    setPending(null);
  };
  const send = (r: SaveRequest) => {
    setSavedCount(null);
    save.mutate(r, {
      onSuccess: (answer) => {
        if (answer.saved) {
          setSavedCount(answer.changed);
          if (r.kind === 'grid') reset();
          else setPending(null);
        } else setPending(r);
      },
    });
  };
  const cellValue = (day: string, slot: string): number | null => {
    const ref = slotRef(day, slot);
    if (quotas.has(ref)) return quotas.get(ref) ?? null;
    return data?.days.find((d) => d.day === day)?.slots[slot]?.[0] ?? null;
  };
  const dayOffOf = (day: string): boolean => dayOffs.get(day) ?? data?.days.find((d) => d.day === day)?.dayOff ?? false;

  return {
    grid,
    from,
    shift: (weeks: number) => setFrom(Temporal.PlainDate.from(from).add({ days: 7 * weeks }).toString()),
    goTo: (day: string) => setFrom(mondayOf(Temporal.PlainDate.from(day)).toString()),
    cellValue,
    dayOffOf,
    isChanged: (day: string, slot: string) => quotas.has(slotRef(day, slot)),
    setCell: (day: string, slot: string, quota: number | null) => {
      const original = data?.days.find((d) => d.day === day)?.slots[slot]?.[0] ?? null;
      const next = new Map(quotas);
      if (quota === original) next.delete(slotRef(day, slot));
      else next.set(slotRef(day, slot), quota);
      setQuotas(next);
    },
    setDayOff: (day: string, off: boolean) => {
      const original = data?.days.find((d) => d.day === day)?.dayOff ?? false;
      const next = new Map(dayOffs);
      if (off === original) next.delete(day);
      else next.set(day, off);
      setDayOffs(next);
    },
    applyRule: (rule: Parameters<typeof weeklyEdits>[0]) => {
      const next = new Map(quotas);
      for (const e of weeklyEdits(rule)) next.set(slotRef(e.day, e.slot), e.quota);
      setQuotas(next);
    },
    changes: quotas.size + dayOffs.size,
    discard: reset,
    saveGrid: () => data && send({ kind: 'grid', version: data.version, edits: edits(), confirm: false }),
    saveCsv: (csv: string) => data && send({ kind: 'csv', version: data.version, csv, confirm: false }),
    affected: save.data && !save.data.saved && pending ? save.data.affected : null,
    confirm: () => pending && send({ ...pending, confirm: true }),
    cancelConfirm: () => setPending(null),
    saving: save.isPending,
    savedCount,
    error: save.error,
    stale: isApiClientError(save.error) && save.error.code === 'calendar_stale',
    reload: () => {
      save.reset();
      void grid.refetch();
    },
    days: GRID_DAYS,
  };
};

export type SlotEditor = ReturnType<typeof useSlotEditor>;

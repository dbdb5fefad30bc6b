/**
 * The calendar sections of an import bundle (spec 02 §3): calendars, the category tree with its
 * reservation items, tag labels, display settings, slot quotas and day offs. Quotas and day offs
 * may be listed per date or as weekly rules over a span, so a clinic writes "Mon–Sat, slots 1–4,
 * 3 places, for 35 days" instead of 140 lines; rules are expanded to one row per day at import.
 * A span without dates starts on the import day (Asia/Tokyo), which keeps the demo bookable.
 */
import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
// The core schemas are zod/mini: they have no methods, so they are extended with mini's functions.
import { extend, partial } from 'zod/mini';
import {
  calendarDisplaySettingsSchema,
  calendarSchema,
  isoDateSchema,
  tagLabelsSchema,
  type Calendar,
} from '@core/contract/calendars';
import { comaProblems } from '@core/rules/calendar-settings';
import { jaComaProblem } from '@core/ja/calendar-settings';
import type { CategoryRow, ItemRow } from '../store/schema';
import type { SlotRow } from '../store/calendars';

const id = z.string().min(1).max(200).regex(/^[^|]+$/, 'id に | は使えません');
/** Item ids end a reservation value's target after its last `_`, so they cannot hold one. */
const itemId = z.string().min(1).max(100).regex(/^[^|_]+$/, 'itemId に _ と | は使えません');

export const bundleCalendarSchema = extend(calendarSchema, { sortKey: id });

/**
 * One calendar checked as the import checks it: the bundle's schema, then its comaList's times.
 * The console's settings save (server/calendars/save-settings.ts) shows exactly these problems.
 */
export const checkCalendar = (input: unknown): { calendar: Calendar; problems: [] } | { calendar: null; problems: { path: string; message: string }[] } => {
  const r = bundleCalendarSchema.safeParse(input);
  if (!r.success) return { calendar: null, problems: r.error.issues.map((i) => ({ path: i.path.map(String).join('.') || '$', message: i.message })) };
  const comas = comaProblems(r.data.comaList).map((p) => ({ path: p.slot === null ? 'comaList' : `comaList.${p.slot}`, message: jaComaProblem(p) }));
  return comas.length > 0 ? { calendar: null, problems: comas } : { calendar: r.data, problems: [] };
};

export const bundleReservationItemSchema = z.strictObject({
  itemId,
  itemName: z.string().min(1),
  cost: z.number().int().min(1).default(1),
});

export interface BundleCategoryNode {
  id: string;
  name: string;
  calendarId?: string | null | undefined;
  items?: z.output<typeof bundleReservationItemSchema>[] | undefined;
  children?: BundleCategoryNode[] | undefined;
}
export const bundleCategoryNodeSchema: z.ZodType<BundleCategoryNode> = z.strictObject({
  id,
  name: z.string().min(1),
  calendarId: id.nullable().optional(),
  items: z.array(bundleReservationItemSchema).optional(),
  get children() {
    return z.array(bundleCategoryNodeSchema).optional();
  },
});

const weekday = z.number().int().min(1).max(7);
/** A span of days: from fromDate (default: the import day) to toDate, or for `days` days. */
export const spanShape = {
  fromDate: z.optional(isoDateSchema),
  toDate: z.optional(isoDateSchema),
  days: z.number().int().min(1).max(400).optional(),
};

export const slotQuotaSchema = z.strictObject({
  calendarId: id,
  date: isoDateSchema,
  /** slot key → quota */
  slots: z.record(z.string().min(1).max(50), z.number().int().min(0)),
});

export const slotRuleSchema = z.strictObject({
  calendarId: id,
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: z.array(weekday).min(1),
  slots: z.record(z.string().min(1).max(50), z.number().int().min(0)),
  ...spanShape,
});

export const dayOffSchema = z.strictObject({
  calendarId: id,
  dates: z.array(isoDateSchema).optional(),
  weekdays: z.array(weekday).optional(),
  ...spanShape,
});

export const calendarBundleShape = {
  calendars: z.array(bundleCalendarSchema).default([]),
  categoriesTree: z.array(bundleCategoryNodeSchema).optional(),
  tagLabels: z.optional(partial(tagLabelsSchema)),
  displaySettings: z.optional(calendarDisplaySettingsSchema),
  slotQuotas: z.array(slotQuotaSchema).default([]),
  slotRules: z.array(slotRuleSchema).default([]),
  dayOffs: z.array(dayOffSchema).default([]),
};

export interface CalendarBundle {
  calendars: Calendar[];
  categoriesTree?: BundleCategoryNode[] | undefined;
  tagLabels?: Partial<z.output<typeof tagLabelsSchema>> | undefined;
  displaySettings?: z.output<typeof calendarDisplaySettingsSchema> | undefined;
  slotQuotas: z.output<typeof slotQuotaSchema>[];
  slotRules: z.output<typeof slotRuleSchema>[];
  dayOffs: z.output<typeof dayOffSchema>[];
}


/** The tree as rows (at most three levels: large, medium, small). */
export const flattenTree = (tree: readonly BundleCategoryNode[]): { categories: CategoryRow[]; items: ItemRow[] } => {
  const categories: CategoryRow[] = [];
  const items: ItemRow[] = [];
  const walk = (nodes: readonly BundleCategoryNode[], parent: CategoryRow | null) => {
    nodes.forEach((n, i) => {
      const level = parent ? parent.level + 1 : 1;
      const names = [parent?.tag1, parent?.tag2, parent?.tag3].filter((s): s is string => typeof s === 'string');
      const path = [...names, n.name];
      const row: CategoryRow = {
        category_id: n.id,
        parent_id: parent?.category_id ?? null,
        name: n.name,
        level,
        sort_order: i,
        calendar_id: n.calendarId ?? null,
        tag1: path[0] as string,
        tag2: path[1] ?? null,
        tag3: path[2] ?? null,
      };
      categories.push(row);
      (n.items ?? []).forEach((it, j) => items.push({ category_id: n.id, item_id: it.itemId, item_name: it.itemName, cost: it.cost, sort_order: j }));
      walk(n.children ?? [], row);
    });
  };
  walk(tree, null);
  return { categories, items };
};

export const spanDays = (s: { fromDate?: string | undefined; toDate?: string | undefined; days?: number | undefined }, today: Temporal.PlainDate) => {
  const from = s.fromDate ? Temporal.PlainDate.from(s.fromDate) : today;
  const to = s.toDate ? Temporal.PlainDate.from(s.toDate) : from.add({ days: (s.days ?? 1) - 1 });
  const out: Temporal.PlainDate[] = [];
  for (let d = from; Temporal.PlainDate.compare(d, to) <= 0 && out.length <= 400; d = d.add({ days: 1 })) out.push(d);
  return out;
};


/** Quota rows of the rules and the per-date lists; a per-date quota wins over a rule's. */
export const expandSlots = (b: CalendarBundle, today: Temporal.PlainDate): SlotRow[] => {
  const rows = new Map<string, SlotRow>();
  const put = (calendarId: string, day: string, slots: Record<string, number>) => {
    for (const [slot, quota] of Object.entries(slots)) rows.set(JSON.stringify([calendarId, day, slot]), { calendar_id: calendarId, day, slot, quota });
  };
  for (const r of b.slotRules) {
    for (const d of spanDays(r, today)) if (r.weekdays.includes(d.dayOfWeek)) put(r.calendarId, d.toString(), r.slots);
  }
  for (const q of b.slotQuotas) put(q.calendarId, q.date, q.slots);
  return [...rows.values()];
};

export const expandDayOffs = (b: CalendarBundle, today: Temporal.PlainDate): { calendar_id: string; day: string }[] => {
  const rows = new Map<string, { calendar_id: string; day: string }>();
  for (const o of b.dayOffs) {
    for (const day of o.dates ?? []) rows.set(`${o.calendarId}|${day}`, { calendar_id: o.calendarId, day });
    if (o.weekdays && o.weekdays.length > 0) {
      for (const d of spanDays(o, today)) {
        if (o.weekdays.includes(d.dayOfWeek)) rows.set(`${o.calendarId}|${d.toString()}`, { calendar_id: o.calendarId, day: d.toString() });
      }
    }
  }
  return [...rows.values()];
};

/**
 * Cross-references a bundle must keep: calendars named by categories, quotas and day offs exist
 * (in the bundle or already in the database), quota slots are slots of their calendar's comaList,
 * category ids are unique and the tree is at most three levels deep.
 */
export const calendarProblems = (b: CalendarBundle, known: ReadonlyMap<string, Calendar>, source: string): string[] => {
  const problems: string[] = [];
  const calendars = new Map<string, Calendar>(known);
  const seenCal = new Set<string>();
  b.calendars.forEach((c, i) => {
    if (seenCal.has(c.sortKey)) problems.push(`${source}: calendars[${i}].sortKey: カレンダー ${c.sortKey} が重複しています`);
    for (const p of comaProblems(c.comaList)) problems.push(`${source}: calendars[${i}].comaList${p.slot === null ? '' : `[${JSON.stringify(p.slot)}]`}: ${jaComaProblem(p)}`);
    seenCal.add(c.sortKey);
    calendars.set(c.sortKey, c);
  });
  const ids = new Set<string>();
  const walk = (nodes: readonly BundleCategoryNode[], at: string, depth: number) => {
    nodes.forEach((n, i) => {
      const here = `${at}[${i}]`;
      if (depth > 3) problems.push(`${source}: ${here}: 分類は3階層までです`);
      if (ids.has(n.id)) problems.push(`${source}: ${here}.id: 分類 ${n.id} が重複しています`);
      ids.add(n.id);
      if (n.calendarId && !calendars.has(n.calendarId)) problems.push(`${source}: ${here}.calendarId: カレンダー ${n.calendarId} がありません`);
      const itemIds = new Set<string>();
      (n.items ?? []).forEach((it, j) => {
        if (itemIds.has(it.itemId)) problems.push(`${source}: ${here}.items[${j}].itemId: ${it.itemId} が重複しています`);
        itemIds.add(it.itemId);
      });
      walk(n.children ?? [], `${here}.children`, depth + 1);
    });
  };
  walk(b.categoriesTree ?? [], 'categoriesTree', 1);
  const checkSlots = (section: string, list: readonly { calendarId: string; slots: Record<string, number> }[]) =>
    list.forEach((q, i) => {
      const cal = calendars.get(q.calendarId);
      if (!cal) {
        problems.push(`${source}: ${section}[${i}].calendarId: カレンダー ${q.calendarId} がありません`);
        return;
      }
      for (const slot of Object.keys(q.slots)) {
        if (!(slot in cal.comaList)) problems.push(`${source}: ${section}[${i}].slots.${slot}: 枠 ${slot} は ${q.calendarId} の comaList にありません`);
      }
    });
  checkSlots('slotQuotas', b.slotQuotas);
  checkSlots('slotRules', b.slotRules);
  b.dayOffs.forEach((o, i) => {
    if (!calendars.has(o.calendarId)) problems.push(`${source}: dayOffs[${i}].calendarId: カレンダー ${o.calendarId} がありません`);
  });
  return problems;
};

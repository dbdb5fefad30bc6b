/**
 * Reads and import writes of calendars, categories, reservation items, slot quotas and day offs
 * (spec 02 §3). Claims on slots are not here: they belong to the answer's transaction
 * (server/store/reservations.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  calendarDisplaySettingsSchema,
  calendarSchema,
  tagLabelsSchema,
  type Calendar,
  type CalendarDisplaySettings,
  type Category,
  type CategoryNode,
  type ReservationItem,
  type Schedule,
  type SlotCount,
  type TagLabels,
} from '@core/contract/calendars';
import type { CategoryLookup, CategoryNames } from '@core/form/visibility';
import { isReservationItem, parseReservationValue } from '@core/rules/reservation-value';
import { hasRoom } from '@core/rules/slot-room';
import type { CategoryRow, Database, ItemRow } from './schema';
import { compiled } from './compiled';

const CATEGORY_COLUMNS = [
  'category_id',
  'parent_id',
  'name',
  'level',
  'sort_order',
  'calendar_id',
  'tag1',
  'tag2',
  'tag3',
] as const satisfies readonly (keyof CategoryRow)[];
const ITEM_COLUMNS = ['category_id', 'item_id', 'item_name', 'cost', 'sort_order'] as const satisfies readonly (keyof ItemRow)[];

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Parsed calendars by their stored JSON: every reservation reads its calendar, and a stored row
 * only changes by import (which writes new JSON). Frozen, since every request shares them.
 */
const parsedCalendars = new Map<string, Calendar>();
const parseCalendar = (json: string): Calendar => {
  const hit = parsedCalendars.get(json);
  if (hit) return hit;
  const cal = Object.freeze(calendarSchema.parse(JSON.parse(json)));
  if (parsedCalendars.size >= 500) parsedCalendars.delete(parsedCalendars.keys().next().value as string);
  parsedCalendars.set(json, cal);
  return cal;
};

const categoryTarget = compiled((db: Kysely<Database>, a: { categoryId: string; itemId: string; day: string; slot: string }) =>
  db
    .selectFrom('categories as c')
    .leftJoin('calendars as cal', 'cal.calendar_id', 'c.calendar_id')
    .leftJoin('reservation_items as ri', (j) => j.onRef('ri.category_id', '=', 'c.category_id').on('ri.item_id', '=', a.itemId))
    .leftJoin('slots as s', (j) => j.onRef('s.calendar_id', '=', 'c.calendar_id').on('s.day', '=', a.day).on('s.slot', '=', a.slot))
    .select(['cal.config_json', 'ri.cost', 'ri.hidden as item_hidden', 'c.hidden', 's.reserved', 's.quota'])
    .where('c.category_id', '=', a.categoryId),
);

/**
 * What a reservation value's category and item lead to, in one query: the category's calendar, the
 * item's cost (null when the item is not one of the category's) and the slot's row of that
 * calendar as it is now (a plain read, no lock; null when there is none) — what a reservation needs
 * before it claims anything (server/reservations.ts), in one round trip. null when there is no
 * such category (the caller then tries the id as a calendar id).
 */
export const findCategoryTarget = async (db: Db, categoryId: string, itemId: string, slot: { day: string; slot: string }): Promise<CategoryTarget | null> => {
  const r = (await categoryTarget.run(db, { categoryId, itemId, day: slot.day, slot: slot.slot }))[0];
  return r ? toCategoryTarget(r) : null;
};

/** A row of the targets' read. */
interface CategoryTargetRow {
  config_json: string | null;
  cost: number | string | null;
  hidden: number | string;
  item_hidden: number | string | null;
  reserved: number | string | null;
  quota: number | string | null;
}

const toCategoryTarget = (r: CategoryTargetRow): CategoryTarget => ({
  calendar: r.config_json ? parseCalendar(r.config_json) : null,
  cost: r.cost === null ? null : Number(r.cost),
  hidden: Number(r.hidden) === 1 || Number(r.item_hidden) === 1,
  slotRow: r.reserved === null || r.quota === null ? null : { reserved: Number(r.reserved), quota: Number(r.quota) },
});

export interface CategoryTarget {
  calendar: Calendar | null;
  cost: number | null;
  /** The category or the item is hidden (migration 0037): only an answer already holding it keeps it. */
  hidden: boolean;
  slotRow: { reserved: number; quota: number } | null;
}

/** The cost of an item of any category that uses the calendar; null when none has it. */
export const findCalendarItemCost = async (db: Db, calendarId: string, itemId: string): Promise<number | null> => {
  const item = await db
    .selectFrom('reservation_items')
    .innerJoin('categories', 'categories.category_id', 'reservation_items.category_id')
    .select('reservation_items.cost')
    .where('categories.calendar_id', '=', calendarId)
    .where('reservation_items.item_id', '=', itemId)
    .where('categories.hidden', '=', 0)
    .where('reservation_items.hidden', '=', 0)
    .executeTakeFirst();
  return item ? Number(item.cost) : null;
};

export const listCalendars = async (db: Db): Promise<Calendar[]> => {
  const rows = await db.selectFrom('calendars').select('config_json').orderBy('sort_key').execute();
  return rows.map((r) => parseCalendar(r.config_json));
};

export const findCalendar = async (db: Db, calendarId: string): Promise<Calendar | null> => {
  const row = await db.selectFrom('calendars').select('config_json').where('calendar_id', '=', calendarId).executeTakeFirst();
  return row ? parseCalendar(row.config_json) : null;
};

export const findCategoryRow = async (db: Db, categoryId: string): Promise<CategoryRow | null> =>
  (await db.selectFrom('categories').select(CATEGORY_COLUMNS).where('category_id', '=', categoryId).executeTakeFirst()) ?? null;

export const toCategory = (r: CategoryRow): Category => ({
  sortKey: r.category_id,
  tag1: r.tag1,
  tag2: r.tag2,
  tag3: r.tag3,
  calendarId: r.calendar_id,
});

/**
 * The category names of the answer's reservations, for the form's bunruiKey conditions
 * (core/form/visibility.ts); read only when the form has such a condition.
 */
export const categoryLookupFor = async (
  db: Db,
  config: { surveySchema: readonly { itemKey: string; type: string; displayCondition?: { bunruiKey?: string | undefined } | undefined }[] },
  rows: readonly { itemKey: string; value: string }[],
): Promise<CategoryLookup> => {
  const found = new Map<string, CategoryNames>();
  if (!config.surveySchema.some((i) => i.displayCondition?.bunruiKey !== undefined)) return () => null;
  const reservationKeys = new Set(config.surveySchema.filter(isReservationItem).map((i) => i.itemKey));
  const ids = new Set(rows.flatMap((r) => (reservationKeys.has(r.itemKey) ? (parseReservationValue(r.value)?.categoryId ?? []) : [])));
  for (const id of ids) {
    const row = await findCategoryRow(db, id);
    if (row) found.set(id, { tag1: row.tag1, tag2: row.tag2, tag3: row.tag3 });
  }
  return (id) => found.get(id) ?? null;
};

/**
 * The calendar a reservation value's first id leads to (spec 02 §3: a category id, or a calendar
 * id). A category without a calendar leads nowhere; an id that is no category is tried as a
 * calendar id.
 */
export const resolveCalendar = async (db: Db, id: string): Promise<{ calendar: Calendar; category: CategoryRow | null } | null> => {
  const category = await findCategoryRow(db, id);
  const calendarId = category ? category.calendar_id : id;
  if (!calendarId) return null;
  const calendar = await findCalendar(db, calendarId);
  return calendar ? { calendar, category } : null;
};

/** Every item of the category, hidden ones marked: a booking of one still shows its name, the picker leaves it out. */
export const listItems = async (db: Db, categoryId: string): Promise<ReservationItem[]> => {
  const rows = await db.selectFrom('reservation_items').select([...ITEM_COLUMNS, 'hidden']).where('category_id', '=', categoryId).orderBy('sort_order').execute();
  return rows.map((r) => ({ itemId: r.item_id, itemName: r.item_name, categoryId: r.category_id, cost: Number(r.cost), ...(Number(r.hidden) === 1 ? { hidden: true } : {}) }));
};

/** The tree residents choose from: hidden categories (and so everything under them) left out. */
export const categoryTree = async (db: Db): Promise<CategoryNode[]> => {
  const rows = await db.selectFrom('categories').select(CATEGORY_COLUMNS).where('hidden', '=', 0).orderBy('level').orderBy('sort_order').execute();
  const nodes = new Map<string, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node: CategoryNode = { id: r.category_id, name: r.name, children: [], calendarId: r.calendar_id };
    nodes.set(r.category_id, node);
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    // Under a hidden category: hidden too, whatever its own flag says.
    if (r.parent_id && !parent) continue;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
};

/** Categories whose path matches every tag given (tag1 = large, tag2 = medium, tag3 = small). */
export const categoriesByTags = async (db: Db, tags: { tag1?: string | undefined; tag2?: string | undefined; tag3?: string | undefined }): Promise<Category[]> => {
  let q = db.selectFrom('categories').select(CATEGORY_COLUMNS).where('hidden', '=', 0);
  if (tags.tag1 !== undefined) q = q.where('tag1', '=', tags.tag1);
  if (tags.tag2 !== undefined) q = q.where('tag2', '=', tags.tag2);
  if (tags.tag3 !== undefined) q = q.where('tag3', '=', tags.tag3);
  const rows = await q.orderBy('level').orderBy('sort_order').execute();
  return rows.map(toCategory);
};

export const readSetting = async (db: Db, name: string): Promise<unknown> => {
  const r = await db.selectFrom('calendar_settings').select('value_json').where('name', '=', name).executeTakeFirst();
  return r ? (JSON.parse(r.value_json) as unknown) : undefined;
};

export const TAG_LABELS = 'tagLabels';
export const DISPLAY_SETTINGS = 'displaySettings';

export const readTagLabels = async (db: Db): Promise<TagLabels> =>
  tagLabelsSchema.parse({ tag1: null, tag2: null, tag3: null, ...((await readSetting(db, TAG_LABELS)) as object | undefined) });

export const readDisplaySettings = async (db: Db): Promise<CalendarDisplaySettings> =>
  calendarDisplaySettingsSchema.parse((await readSetting(db, DISPLAY_SETTINGS)) ?? {});

/** Days off of a calendar in [from, to] (inclusive), sorted. */
export const dayOffsBetween = async (db: Db, calendarId: string, from: string, to: string): Promise<string[]> => {
  const rows = await db
    .selectFrom('day_offs')
    .select('day')
    .where('calendar_id', '=', calendarId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
  return rows.map((r) => r.day);
};

/** The schedule answer of spec 02 §7: quota and reservations per date and slot, days off, comaList. */
export const scheduleOf = async (db: Db, calendar: Calendar, from: string, to: string): Promise<Schedule> => {
  const slots = await db
    .selectFrom('slots')
    .select(['day', 'slot', 'quota', 'reserved'])
    .where('calendar_id', '=', calendar.sortKey)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .orderBy('slot')
    .execute();
  const schedule: Record<string, Record<string, SlotCount>> = {};
  for (const s of slots) (schedule[s.day] ??= {})[s.slot] = [Number(s.quota), Number(s.reserved)];
  const dayOff: Record<string, 0 | 1> = {};
  for (const day of await dayOffsBetween(db, calendar.sortKey, from, to)) dayOff[day] = 1;
  return { schedule, dayOff, comaList: calendar.comaList };
};

/**
 * Whether any slot of the calendar from `first` to `last` (inclusive; null = no end) has room for
 * one place (core/rules/slot-room.ts) on a day that is not a day off: canBeReserve's "is there
 * anything to book".
 */
export const hasOpenSlot = async (db: Db, calendarId: string, first: string, last: string | null): Promise<boolean> => {
  let q = db
    .selectFrom('slots as s')
    .select(['s.quota', 's.reserved'])
    .where('s.calendar_id', '=', calendarId)
    .where('s.day', '>=', first)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('day_offs as o').select('o.day').whereRef('o.calendar_id', '=', 's.calendar_id').whereRef('o.day', '=', 's.day'))),
    );
  if (last !== null) q = q.where('s.day', '<=', last);
  return (await q.execute()).some((s) => hasRoom({ quota: Number(s.quota), reserved: Number(s.reserved) }, 1));
};

// ---- import writes (server/forms/import.ts, one transaction) ----

/** A changed calendar takes the next version, so a console save made on the one before is refused as stale. */
export const upsertCalendar = async (trx: Transaction<Database>, cal: Calendar, now: string): Promise<void> => {
  const config_json = JSON.stringify(cal);
  await trx
    .insertInto('calendars')
    .values({ calendar_id: cal.sortKey, sort_key: cal.sortKey, config_json, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('calendar_id')
        .doUpdateSet({ config_json, sort_key: cal.sortKey, updated_at: now, version: sql<number>`${sql.ref('calendars.version')} + 1` })
        .where((eb) => eb(sql.ref('calendars.config_json'), '<>', config_json)),
    )
    .execute();
};

/** Sets quotas; what is reserved stays (a lowered quota may leave a slot above it, never below). */
/** A slot's quota on a day, as the import expands it (forms/calendar-bundle.ts). */
export interface SlotRow {
  calendar_id: string;
  day: string;
  slot: string;
  quota: number;
}

export const upsertSlots = async (trx: Transaction<Database>, rows: SlotRow[]): Promise<void> => {
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('slots')
      .values(rows.slice(i, i + 200).map((r) => ({ ...r, reserved: 0 })))
      .onConflict((oc) => oc.columns(['calendar_id', 'day', 'slot']).doUpdateSet((eb) => ({ quota: eb.ref('excluded.quota') })))
      .execute();
  }
};

export const addDayOffs = async (trx: Transaction<Database>, rows: { calendar_id: string; day: string }[]): Promise<void> => {
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('day_offs')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['calendar_id', 'day']).doNothing())
      .execute();
  }
};

export const writeSetting = async (trx: Transaction<Database>, name: string, value: unknown): Promise<void> => {
  const value_json = JSON.stringify(value);
  await trx
    .insertInto('calendar_settings')
    .values({ name, value_json })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value_json }))
    .execute();
};

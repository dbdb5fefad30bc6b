/**
 * The last statements of an answer's write, once everything has been checked: its reservation
 * rows, its answer rows, the answer stored under its idempotency key, then the slot operations in
 * slot order, last because a claimed slot row stays locked until the commit. PostgreSQL runs them
 * as one call of finish_answer (migration 0015), one round trip; SQLite, in process, as plain
 * statements. Both answer the index of the slot operation refused, or null.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SlotOp } from '../reservation-plan';
import { compiled } from './compiled';
import { settleKey, type KeySettlement } from './idempotency';
import type { Engine } from './open';
import { claimSlot, insertReservation, releaseSlot } from './reservations';
import { CODELESS_COLUMNS, insertRows, type NewResultRow } from './results';
import type { Database, ReservationTable } from './schema';

export interface Finish {
  reservations: readonly ReservationTable[];
  rows: readonly NewResultRow[];
  /** The write's answer for its key (null: the request had none). */
  keyAnswer: KeySettlement | null;
  slotOps: readonly SlotOp[];
}

type Column<T> = readonly (NonNullable<T> | null)[];

/** Per column, the values of every row in order, under `prefix` + the column's name. */
const columnsOf = <R extends object, K extends keyof R & string, P extends string>(prefix: P, rows: readonly R[], keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [`${prefix}${k}`, rows.map((r) => r[k] ?? null)])) as unknown as { [C in K as `${P}${C}`]: Column<R[C]> };

const RESERVATION_COLUMNS = ['partition_key', 'item_key', 'survey_id', 'user_id', 'calendar_id', 'category_id', 'item_id', 'day', 'slot', 'cost', 'created_at'] as const;
/** Every column of an answer's row (the function's arguments are named, so the order is free). */
const ROW_COLUMNS = [...CODELESS_COLUMNS, 'answer_code', 'created_at', 'updated_at'] as const;

type FinishArgs = ReturnType<typeof columnsOf<ReservationTable, (typeof RESERVATION_COLUMNS)[number], 'rv_'>> &
  ReturnType<typeof columnsOf<NewResultRow, (typeof ROW_COLUMNS)[number], 'rs_'>> & {
    keyUser: string | null;
    keyId: string | null;
    keyStatus: number | null;
    keyJson: string | null;
    opCalendar: string[];
    opDay: string[];
    opSlot: string[];
    opDelta: number[];
    opConditional: boolean[];
  };

// Each column a typed array (no JSON to parse in the function): its arguments in migration 0015's order.
const finishAnswer = compiled(
  (db: Kysely<Database>, a: FinishArgs) => sql<{ refused: number | null }>`select finish_answer(
      ${a.rv_partition_key}::text[], ${a.rv_item_key}::text[], ${a.rv_survey_id}::text[], ${a.rv_user_id}::text[], ${a.rv_calendar_id}::text[],
      ${a.rv_category_id}::text[], ${a.rv_item_id}::text[], ${a.rv_day}::text[], ${a.rv_slot}::text[], ${a.rv_cost}::integer[], ${a.rv_created_at}::text[],
      ${a.rs_partition_key}::text[], ${a.rs_sort_key}::text[], ${a.rs_survey_id}::text[], ${a.rs_user_id}::text[], ${a.rs_item_key}::text[],
      ${a.rs_value}::text[], ${a.rs_title}::text[], ${a.rs_type}::text[], ${a.rs_check_status}::text[], ${a.rs_user_search_key}::text[],
      ${a.rs_is_liff_mode}::integer[], ${a.rs_registrant_name}::text[], ${a.rs_user_name}::text[], ${a.rs_clinic_attributes}::text[],
      ${a.rs_answer_code}::text[], ${a.rs_is_appending}::integer[], ${a.rs_status}::text[], ${a.rs_created_at}::text[], ${a.rs_updated_at}::text[],
      ${a.keyUser}, ${a.keyId}, ${a.keyStatus}::integer, ${a.keyJson},
      ${a.opCalendar}::text[], ${a.opDay}::text[], ${a.opSlot}::text[], ${a.opDelta}::integer[], ${a.opConditional}::boolean[]) as refused`.compile(db),
);

/** Writes `f`; answers the index in f.slotOps of the claim that found no place, or null. */
export const finishWrite = async (trx: Transaction<Database>, engine: Engine, f: Finish): Promise<number | null> => {
  if (engine === 'postgres') {
    // Object.assign, not a literal spreading the columns: V8 gives `{ ...a, ...b, k: v }` a hidden
    // class of its own on every run, which stays in the old generation until a major GC.
    const args: FinishArgs = Object.assign(columnsOf('rv_', f.reservations, RESERVATION_COLUMNS), columnsOf('rs_', f.rows, ROW_COLUMNS), {
      keyUser: f.keyAnswer?.ref.userId ?? null,
      keyId: f.keyAnswer?.ref.key ?? null,
      keyStatus: f.keyAnswer?.stored.status ?? null,
      keyJson: f.keyAnswer?.stored.json ?? null,
      opCalendar: f.slotOps.map((o) => o.ref.calendarId),
      opDay: f.slotOps.map((o) => o.ref.day),
      opSlot: f.slotOps.map((o) => o.ref.slot),
      opDelta: f.slotOps.map((o) => o.delta),
      opConditional: f.slotOps.map((o) => o.conditional),
    });
    const [row] = await finishAnswer.run(trx, args);
    return row?.refused ?? null;
  }
  for (const r of f.reservations) await insertReservation(trx, r);
  await insertRows(trx, f.rows);
  if (f.keyAnswer) await settleKey(trx, f.keyAnswer.ref, f.keyAnswer.stored);
  for (const [i, op] of f.slotOps.entries()) {
    if (!op.conditional) await releaseSlot(trx, op.ref, -op.delta);
    else if (!(await claimSlot(trx, op.ref, op.delta))) return i;
  }
  return null;
};

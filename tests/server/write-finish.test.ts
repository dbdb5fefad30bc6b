/**
 * The write's last step (server/answers/write/finish.ts) and the counters it relies on, the same on
 * both engines: the reservation rows and the answer rows written, then the slot operations in
 * order; the first claim that finds no place refuses the whole write with its reason.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import { finishAnswer } from '../../server/answers/write/finish';
import type { SlotOp } from '../../server/answers/write/slot-ops';
import { Refusal } from '@core/refusals';
import { claimCounterWith, nextAnswerCode, type NewResultRow } from '../../server/store/results';
import type { Database, ReservationTable } from '../../server/store/schema';
import { engines, scratchStores } from './harness';

const stores = scratchStores('finish');
afterAll(() => stores.closeAll());

const TRICKY = `it's a \\ back'slash $1 and "quoted" {json} 予約; --`;
const DAY = '2026-12-01';
const OFF_DAY = '2026-12-02';

const reservation = (slot: string): ReservationTable => ({
  partition_key: 'p#U1#1',
  item_key: `yoyaku${slot}`,
  survey_id: 's',
  user_id: 'U1',
  calendar_id: 'cal',
  category_id: 'cat',
  item_id: 'item',
  day: DAY,
  slot,
  cost: 1,
  created_at: '2026-11-24T00:00:00.000Z',
});

const row = (sortKey: string, value: string): NewResultRow => ({
  partition_key: 'p#U1#1',
  sort_key: sortKey,
  survey_id: 's',
  user_id: 'U1',
  item_key: sortKey,
  value,
  title: 'お名前',
  type: 'liff',
  check_status: '未対応',
  user_search_key: null,
  is_liff_mode: 1,
  registrant_name: 'LINEユーザー',
  user_name: null,
  clinic_attributes: null,
  answer_code: '17',
  is_appending: 1,
  status: null,
  created_at: '2026-11-24T00:00:00.000Z',
  updated_at: '2026-11-24T00:00:00.000Z',
});

const op = (slot: string, delta: number, conditional: boolean, day = DAY): SlotOp => ({ ref: { calendarId: 'cal', day, slot }, delta, conditional });

describe.each(engines())('finishAnswer (%s)', (engine) => {
  const open = async () => {
    const store = await stores.open(engine);
    await store.db
      .insertInto('slots')
      .values([
        { calendar_id: 'cal', day: DAY, slot: '1', quota: 2, reserved: 1 },
        { calendar_id: 'cal', day: DAY, slot: '2', quota: 5, reserved: 3 },
        { calendar_id: 'cal', day: OFF_DAY, slot: '1', quota: 5, reserved: 0 },
      ])
      .execute();
    await store.db.insertInto('day_offs').values({ calendar_id: 'cal', day: OFF_DAY }).execute();
    return store;
  };
  const reservedOf = async (store: Awaited<ReturnType<typeof open>>) =>
    Object.fromEntries((await store.db.selectFrom('slots').select(['day', 'slot', 'reserved']).execute()).map((s) => [`${s.day}/${s.slot}`, Number(s.reserved)]));
  /** One write ending in finishAnswer; a refusal rolls it back, as putItem's does. Answers the refusal's code. */
  const finishIn = (store: Awaited<ReturnType<typeof open>>, f: Parameters<typeof finishAnswer>[1]) =>
    store
      .write(async (trx: Transaction<Database>) => {
        await finishAnswer(trx, f);
        return null;
      })
      .catch((e: unknown) => (e instanceof Refusal ? e.code : String(e)));

  it('writes the reservation rows and the answer rows, gives back and claims in order', async () => {
    const store = await open();
    const out = await finishIn(store, {
      reservations: [reservation('1')],
      rows: [row('name', TRICKY), row('memo', '')],
      slotOps: [op('1', 1, true), op('2', -2, false)],
    });
    expect(out).toBeNull();
    expect(await reservedOf(store)).toEqual({ [`${DAY}/1`]: 2, [`${DAY}/2`]: 1, [`${OFF_DAY}/1`]: 0 });
    const rows = await store.db.selectFrom('survey_results').select(['sort_key', 'value', 'answer_code', 'user_search_key', 'is_liff_mode']).orderBy('sort_key').execute();
    expect(rows.map((r) => [r.sort_key, r.value, r.answer_code, r.user_search_key, Number(r.is_liff_mode)])).toEqual([
      ['memo', '', '17', null, 1],
      ['name', TRICKY, '17', null, 1],
    ]);
    const held = await store.db.selectFrom('reservations').select(['item_key', 'day', 'slot', 'cost']).execute();
    expect(held.map((r) => [r.item_key, r.day, r.slot, Number(r.cost)])).toEqual([['yoyaku1', DAY, '1', 1]]);
  });

  it.each([
    ['a full slot', [op('1', 1, true), op('2', 3, true)], 'quota_exceeded'],
    ['a day off', [op('1', 1, true, OFF_DAY)], 'slot_unavailable'],
    ['a slot that does not exist', [op('2', 1, true), op('9', 1, true)], 'slot_unavailable'],
  ])('refuses a claim that finds %s, and the write keeps nothing', async (_what, slotOps, code) => {
    const store = await open();
    const before = await reservedOf(store);
    expect(await finishIn(store, { reservations: [reservation('1')], rows: [row('name', 'x')], slotOps })).toBe(code);
    expect(await reservedOf(store)).toEqual(before);
    expect(await store.db.selectFrom('survey_results').select('sort_key').execute()).toEqual([]);
    expect(await store.db.selectFrom('reservations').select('slot').execute()).toEqual([]);
  });

  it('answer codes: unique and increasing across concurrent writes, each after its resident’s counter', async () => {
    const store = await stores.open(engine);
    const drawn = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.write(async (trx) => {
          await claimCounterWith(trx, `s#U${i % 3}`, 'resident', { atLeast: 1, configStampOf: 's' });
          return nextAnswerCode(trx);
        }),
      ),
    );
    const alone = await store.write((trx) => nextAnswerCode(trx));
    const codes = [...drawn, alone].map(Number);
    expect(new Set(codes).size).toBe(21);
    expect(Number(alone)).toBe(Math.max(...codes));
  });

  it('a counter claim: the greater of the next value and atLeast; the stored config stamp, or null', async () => {
    const store = await stores.open(engine);
    const at = (atLeast: number) => store.write((trx) => claimCounterWith(trx, 's#U1', 'resident', { atLeast, configStampOf: 'no-such-survey' }));
    expect(await at(1_764_000_000_000)).toEqual({ value: 1_764_000_000_000, configStamp: null });
    expect((await at(1_764_000_000_000)).value).toBe(1_764_000_000_001);
    expect((await at(1_764_000_000_500)).value).toBe(1_764_000_000_500);
  });
});

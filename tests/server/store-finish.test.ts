/**
 * The last step of an answer's write (server/store/finish.ts): one call of finish_answer on
 * PostgreSQL, plain statements on SQLite, with the same outcome on both: the reservation rows, the
 * answer rows and the key's answer written, then the slot operations in order, the first claim
 * that finds no place answered by its index.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import { finishWrite, type Finish } from '../../server/store/finish';
import { claimKey, keyClaimOf } from '../../server/store/idempotency';
import { claimCounterWith, nextAnswerCode, type NewResultRow } from '../../server/store/results';
import type { Database, ReservationTable } from '../../server/store/schema';
import type { SlotOp } from '../../server/reservation-plan';
import { engines, scratchStores } from './harness';

const stores = scratchStores('finish');
afterAll(() => stores.closeAll());

const TRICKY = `it's a \\ back'slash $1 and "quoted" {json} 予約; --`;
const DAY = '2026-12-01';
const OFF_DAY = '2026-12-02';
const KEY = { userId: 'U1', key: 'k-1' };

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

describe.each(engines())('finishWrite (%s)', (engine) => {
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
  /** One write: the key claimed, then finishWrite; a refusal rolls the write back, as putItem's does. */
  const finishIn = (store: Awaited<ReturnType<typeof open>>, f: Omit<Finish, 'keyAnswer'>) =>
    store
      .write(async (trx: Transaction<Database>) => {
        await claimKey(trx, keyClaimOf(KEY, 'hash', new Date(), 60_000));
        const refused = await finishWrite(trx, store.engine, { ...f, keyAnswer: { ref: KEY, stored: { status: 200, json: JSON.stringify({ v: TRICKY }) } } });
        if (refused !== null) throw new Error(`refused ${refused}`);
        return refused;
      })
      .catch((e: Error) => e.message);

  it('writes the reservation rows, the answer rows and the key answer, gives back and claims in order', async () => {
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
    const key = await store.db.selectFrom('idempotency_keys').select(['status_code', 'answer_json']).executeTakeFirstOrThrow();
    expect([Number(key.status_code), JSON.parse(key.answer_json ?? 'null')]).toEqual([200, { v: TRICKY }]);
  });

  it.each([
    ['a full slot', [op('1', 1, true), op('2', 3, true)], 1],
    ['a day off', [op('1', 1, true, OFF_DAY)], 0],
    ['a slot that does not exist', [op('2', 1, true), op('9', 1, true)], 1],
  ])('answers the index of the claim refused by %s, and the write keeps nothing', async (_what, slotOps, index) => {
    const store = await open();
    const before = await reservedOf(store);
    expect(await finishIn(store, { reservations: [reservation('1')], rows: [row('name', 'x')], slotOps })).toBe(`refused ${index}`);
    expect(await reservedOf(store)).toEqual(before);
    expect(await store.db.selectFrom('survey_results').select('sort_key').execute()).toEqual([]);
    expect(await store.db.selectFrom('reservations').select('slot').execute()).toEqual([]);
    expect(await store.db.selectFrom('idempotency_keys').select('idem_key').execute()).toEqual([]);
  });

  it('an appending claim can draw its answer code with it (PostgreSQL), from the same codes as nextAnswerCode', async () => {
    const store = await stores.open(engine);
    const withCode = engine === 'postgres';
    const drawn = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.write(async (trx) => {
          const claim = await claimCounterWith(trx, `s#U${i % 3}`, 'resident', { atLeast: 1, configStampOf: 's', withAnswerCode: withCode });
          return claim.answerCode ?? (await nextAnswerCode(trx, store.engine));
        }),
      ),
    );
    const alone = await store.write((trx) => nextAnswerCode(trx, store.engine));
    const codes = [...drawn, alone].map(Number);
    expect(new Set(codes).size).toBe(21);
    expect(Number(alone)).toBe(Math.max(...codes));
  });
});

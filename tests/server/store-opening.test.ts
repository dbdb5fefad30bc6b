/**
 * The first statements of an answer's write (server/store/opening.ts): one call of open_answer on
 * PostgreSQL, statements one by one on SQLite, with the same outcome on both: the key claimed, then
 * the counter, then what the reservation values name; a key already taken claims no counter.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import { importBundle } from '../../server/forms/import';
import { findCategoryTarget } from '../../server/store/calendars';
import { keyClaimOf, type KeyRef } from '../../server/store/idempotency';
import { openWrite, type CounterToClaim, type TargetQuery } from '../../server/store/opening';
import type { Store } from '../../server/store/open';
import type { Database } from '../../server/store/schema';
import { engines, scratchStores } from './harness';
import { bundle, day } from './reservation-fixture';

const stores = scratchStores('opening');
afterAll(() => stores.closeAll());

const key = (k: string): KeyRef => ({ userId: 'U1', key: k });
const claimOf = (k: string) => keyClaimOf(key(k), `hash-${k}`, new Date('2026-11-24T00:00:00.000Z'), 60_000);
const RESIDENT: CounterToClaim = { scope: 's#U1', name: 'resident' };

describe.each(engines())('openWrite (%s)', (engine) => {
  const openIn = (store: Store, k: string | null, counter: CounterToClaim, queries: TargetQuery[] = []) =>
    store.write((trx: Transaction<Database>) => openWrite(trx, store.engine, k === null ? null : claimOf(k), counter, queries));
  const counterOf = async (store: Store, c: CounterToClaim) =>
    (await store.db.selectFrom('counters').select('value').where('scope', '=', c.scope).where('name', '=', c.name).executeTakeFirst())?.value;

  it('claims the key (its answer still to come), then the counter', async () => {
    const store = await stores.open(engine);
    expect(await openIn(store, 'k1', RESIDENT)).toEqual({ counter: { value: 1, configStamp: null, answerCode: null }, targets: [] });
    expect(await openIn(store, 'k2', RESIDENT)).toMatchObject({ counter: { value: 2 } });
    expect(await openIn(store, null, RESIDENT)).toMatchObject({ counter: { value: 3 } });
    const keys = await store.db.selectFrom('idempotency_keys').select(['idem_key', 'request_hash', 'status_code', 'answer_json', 'created_at', 'expires_at']).orderBy('idem_key').execute();
    expect(keys.map((r) => ({ ...r, status_code: r.status_code === null ? null : Number(r.status_code) }))).toEqual(
      ['k1', 'k2'].map((k) => ({
        idem_key: k,
        request_hash: `hash-${k}`,
        status_code: null,
        answer_json: null,
        created_at: '2026-11-24T00:00:00.000Z',
        expires_at: '2026-11-24T00:01:00.000Z',
      })),
    );
  });

  it('a key taken already: null, and the counter is not claimed', async () => {
    const store = await stores.open(engine);
    await openIn(store, 'taken', RESIDENT);
    expect(await openIn(store, 'taken', RESIDENT)).toBeNull();
    expect(Number(await counterOf(store, RESIDENT))).toBe(1);
  });

  it('atLeast: the greater of the next value and the clock reading', async () => {
    const store = await stores.open(engine);
    const at = (atLeast: number) => openIn(store, null, { ...RESIDENT, atLeast });
    expect((await at(1_764_000_000_000))?.counter?.value).toBe(1_764_000_000_000);
    expect((await at(1_764_000_000_000))?.counter?.value).toBe(1_764_000_000_001);
    expect((await at(1_764_000_000_500))?.counter?.value).toBe(1_764_000_000_500);
  });

  it('reads the stored config stamp, and draws answer codes on PostgreSQL only', async () => {
    const store = await stores.open(engine);
    expect((await openIn(store, 'a', { ...RESIDENT, configStampOf: 'no-such-survey' }))?.counter?.configStamp).toBeNull();
    const codes = [await openIn(store, 'b', { ...RESIDENT, withAnswerCode: true }), await openIn(store, 'c', { ...RESIDENT, withAnswerCode: true })].map(
      (c) => c?.counter?.answerCode ?? null,
    );
    if (engine === 'postgres') expect(codes.map(Number)).toEqual([Number(codes[0]), Number(codes[0]) + 1]);
    else expect(codes).toEqual([null, null]);
  });

  it('reads what each reservation value names, in order, as findCategoryTarget does', async () => {
    const store = await stores.open(engine);
    await importBundle(store, bundle(), 'fixture');
    await store.db.updateTable('slots').set({ reserved: 2 }).where('calendar_id', '=', 'cal-a').where('day', '=', day(3)).where('slot', '=', '2').execute();
    const queries: TargetQuery[] = [
      { categoryId: 'naika-a', itemId: 'i2', day: day(3), slot: '2' },
      { categoryId: 'naika-b', itemId: 'v1', day: day(30), slot: '1' },
      { categoryId: 'naika-a', itemId: 'no-such-item', day: day(3), slot: '1' },
      { categoryId: 'naika-none', itemId: 'n', day: day(3), slot: '1' },
      { categoryId: 'cal-b', itemId: 'v1', day: day(3), slot: '1' },
    ];
    const opened = await openIn(store, 'targets', RESIDENT, queries);
    const expected = [];
    for (const q of queries) expected.push(await findCategoryTarget(store.db, q.categoryId, q.itemId, q));
    expect(opened?.targets).toEqual(expected);
    // What the read found: a full slot (2 of 2) with the item's cost, a day with no slot row, an
    // item not of the category, a category with no calendar, and a calendar id (no category).
    expect(expected.map((t) => t && { calendar: t.calendar?.sortKey ?? null, cost: t.cost, slotRow: t.slotRow })).toEqual([
      { calendar: 'cal-a', cost: 2, slotRow: { reserved: 2, quota: 2 } },
      { calendar: 'cal-b', cost: 1, slotRow: null },
      { calendar: 'cal-a', cost: null, slotRow: { reserved: 0, quota: 2 } },
      { calendar: null, cost: 1, slotRow: null },
      null,
    ]);
    // The first slot is full: no counter claimed. Without it, the counter is claimed as usual.
    expect(opened?.counter).toBeNull();
    expect((await openIn(store, 'room', RESIDENT, queries.slice(1)))?.counter).toMatchObject({ value: 1 });
  });

  it('a wanted slot already full: no counter claimed, no answer code drawn, the key still claimed', async () => {
    const store = await stores.open(engine);
    await importBundle(store, bundle(), 'fixture');
    await store.db.updateTable('slots').set({ reserved: 2 }).where('calendar_id', '=', 'cal-a').where('day', '=', day(3)).where('slot', '=', '1').execute();
    const full: TargetQuery[] = [
      { categoryId: 'naika-b', itemId: 'v1', day: day(3), slot: '1' },
      { categoryId: 'naika-a', itemId: 'i1', day: day(3), slot: '1' },
    ];
    const opened = await openIn(store, 'full', { ...RESIDENT, withAnswerCode: true }, full);
    expect(opened?.counter).toBeNull();
    expect(opened?.targets.map((t) => t?.slotRow)).toEqual([{ reserved: 0, quota: 10 }, { reserved: 2, quota: 2 }]);
    expect(await counterOf(store, RESIDENT)).toBeUndefined();
    const keys = await store.db.selectFrom('idempotency_keys').select('idem_key').execute();
    expect(keys.map((k) => k.idem_key)).toEqual(['full']);
    if (engine === 'postgres') {
      // The sequence was not drawn: the next code follows the one drawn before.
      const before = await openIn(store, null, { ...RESIDENT, withAnswerCode: true });
      await openIn(store, null, { ...RESIDENT, withAnswerCode: true }, full);
      const after = await openIn(store, null, { ...RESIDENT, withAnswerCode: true });
      expect(Number(after?.counter?.answerCode)).toBe(Number(before?.counter?.answerCode) + 1);
    }
  });

  it('a key claimed by a write still running: the second waits, then finds it taken or free', async () => {
    const store = await stores.open(engine);
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let claimed!: () => void;
    const firstClaimed = new Promise<void>((r) => (claimed = r));
    const first = store
      .write(async (trx: Transaction<Database>) => {
        await openWrite(trx, store.engine, claimOf('race'), RESIDENT);
        claimed();
        await held;
        order.push('first commits');
        throw new Error('rolled back');
      })
      .catch((e: Error) => e.message);
    await firstClaimed;
    const second = openIn(store, 'race', RESIDENT).then((c) => {
      order.push('second claimed');
      return c;
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(await first).toBe('rolled back');
    // The first rolled back: the key was free after all, and the counter's first value is the second's.
    expect(await second).toMatchObject({ counter: { value: 1 } });
    expect(order).toEqual(['first commits', 'second claimed']);
  });
});

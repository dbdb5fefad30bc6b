/**
 * The room rule is stated twice: once in TypeScript (core/rules/slot-room.ts) and once in the
 * store's conditional claim (server/store/reservations.ts claimSlot). Both are held together here
 * on every engine: for every slot state, the claim takes its places exactly when roomOf says
 * 'room', and what readSlotState reads back makes roomOf give the reason a refusal names.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasRoom, roomOf } from '@core/rules/slot-room';
import { claimSlot, readSlotState } from '../../server/store/reservations';
import { engines, scratchStores } from './harness';

const stores = scratchStores('slot_room');
afterAll(() => stores.closeAll());

describe('roomOf', () => {
  it('a day off first, then no slot, then the quota', () => {
    expect(roomOf({ dayOff: true, slot: null }, 1)).toBe('dayOff');
    expect(roomOf({ dayOff: true, slot: { quota: 5, reserved: 0 } }, 1)).toBe('dayOff');
    expect(roomOf({ dayOff: false, slot: null }, 1)).toBe('noSlot');
    expect(roomOf({ dayOff: false, slot: { quota: 2, reserved: 1 } }, 1)).toBe('room');
    expect(roomOf({ dayOff: false, slot: { quota: 2, reserved: 1 } }, 2)).toBe('full');
    // A quota lowered below what is held: no room, and giving places back always fits.
    expect(hasRoom({ quota: 1, reserved: 3 }, 1)).toBe(false);
    expect(hasRoom({ quota: 1, reserved: 3 }, -1)).toBe(false);
    expect(hasRoom({ quota: 1, reserved: 3 }, -2)).toBe(true);
  });
});

describe.each(engines())('the store’s claim says what roomOf says (%s)', (engine) => {
  it('for 150 random slot states: claimed exactly when roomOf answers room', async () => {
    const store = await stores.open(engine);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          exists: fc.boolean(),
          dayOff: fc.boolean(),
          quota: fc.integer({ min: 0, max: 6 }),
          reserved: fc.integer({ min: 0, max: 8 }),
          cost: fc.integer({ min: 1, max: 4 }),
        }),
        async (s) => {
          const ref = { calendarId: 'cal', day: `2027-01-${String((n % 28) + 1).padStart(2, '0')}`, slot: String(n++) };
          if (s.exists) await store.db.insertInto('slots').values({ calendar_id: ref.calendarId, day: ref.day, slot: ref.slot, quota: s.quota, reserved: s.reserved }).execute();
          if (s.dayOff) {
            await store.db.insertInto('day_offs').values({ calendar_id: ref.calendarId, day: ref.day }).onConflict((oc) => oc.doNothing()).execute();
          } else {
            await store.db.deleteFrom('day_offs').where('calendar_id', '=', ref.calendarId).where('day', '=', ref.day).execute();
          }
          const expected = roomOf({ dayOff: s.dayOff, slot: s.exists ? { quota: s.quota, reserved: s.reserved } : null }, s.cost);
          const read = await store.db.transaction().execute((trx) => readSlotState(trx, ref));
          expect(roomOf(read, s.cost)).toBe(expected);
          const claimed = await store.db.transaction().execute((trx) => claimSlot(trx, ref, s.cost));
          expect(claimed).toBe(expected === 'room');
          const after = await store.db.selectFrom('slots').select('reserved').where('calendar_id', '=', ref.calendarId).where('day', '=', ref.day).where('slot', '=', ref.slot).executeTakeFirst();
          if (s.exists) expect(Number(after?.reserved)).toBe(s.reserved + (claimed ? s.cost : 0));
        },
      ),
      {
        numRuns: 150,
        // The boundaries always, whatever the seed: exactly full after the claim, one over, a day off.
        examples: [
          [{ exists: true, dayOff: false, quota: 2, reserved: 1, cost: 1 }],
          [{ exists: true, dayOff: false, quota: 2, reserved: 1, cost: 2 }],
          [{ exists: true, dayOff: true, quota: 5, reserved: 0, cost: 1 }],
          [{ exists: false, dayOff: false, quota: 0, reserved: 0, cost: 1 }],
        ],
      },
    );
  });
});

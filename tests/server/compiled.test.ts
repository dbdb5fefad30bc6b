/**
 * server/store/compiled.ts: a query built once per dialect with placeholders, run with new values.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { compiled } from '../../server/store/compiled';
import type { Store } from '../../server/store/open';
import type { Database } from '../../server/store/schema';
import { engines, scratchStores } from './harness';

const stores = scratchStores('compiled');
afterAll(() => stores.closeAll());
const open = stores.open;

describe('compiled', () => {
  it('builds once per dialect and runs with each call’s values, on both engines', async () => {
    let builds = 0;
    const bump = compiled((db: Kysely<Database>, a: { scope: string; by: number }) => {
      builds++;
      return db
        .insertInto('counters')
        .values({ scope: a.scope, name: 'n', value: a.by })
        .onConflict((oc) => oc.columns(['scope', 'name']).doUpdateSet({ value: sql<number>`counters.value + ${a.by}` }))
        .returning(['scope', 'value']);
    });
    const stores = await Promise.all(engines().map(open));
    for (const store of stores) {
      expect((await bump.run(store.db, { scope: 'a', by: 2 })).map((r) => [r.scope, Number(r.value)])).toEqual([['a', 2]]);
      await bump.run(store.db, { scope: 'a', by: 5 });
      await bump.run(store.db, { scope: 'b', by: 1 });
      const rows = await store.db.selectFrom('counters').select(['scope', 'value']).orderBy('scope').execute();
      expect(rows.map((r) => [r.scope, Number(r.value)])).toEqual([
        ['a', 7],
        ['b', 1],
      ]);
      // In a transaction.
      await store.write(async (trx) => {
        await bump.run(trx, { scope: 'a', by: 10 });
        await bump.run(trx, { scope: 'c', by: 3 });
      });
      const after = await store.db.selectFrom('counters').select(['scope', 'value']).orderBy('scope').execute();
      expect(after.map((r) => [r.scope, Number(r.value)])).toEqual([
        ['a', 17],
        ['b', 1],
        ['c', 3],
      ]);
    }
    expect(builds).toBe(stores.length);
  });

  it('refuses a value used as text while building, and a run missing a value', async () => {
    const [store] = await Promise.all(engines().slice(0, 1).map(open));
    const asText = compiled((db: Kysely<Database>, a: { table: string }) => db.selectFrom('counters').select('value').where('scope', '=', `x-${a.table}`));
    await expect(asText.run((store as Store).db, { table: 'counters' })).rejects.toThrow(/"table" was used as text/);
    const byScope = compiled((db: Kysely<Database>, a: { scope: string }) => db.selectFrom('counters').select('value').where('scope', '=', a.scope));
    await expect(byScope.run((store as Store).db, {} as { scope: string })).rejects.toThrow(/no value for "scope"/);
  });
});

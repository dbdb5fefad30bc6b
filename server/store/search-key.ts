/**
 * The folded search key kept on every answer row (survey_results.search_key, migration 0033): the
 * lookup's key of the row's value for its item's type (core/rules/search-match.ts), written with
 * the row, so the console's searchable-item filter is an index range (survey_id, item_key,
 * search_key, created_at, …) instead of every answer read and folded in Node. Every item's rows
 * carry one, so a form made searchable later needs nothing rewritten; a key longer than
 * SEARCH_KEY_MAX is left null (an index entry has a size limit, PostgreSQL's btree about 2.7 kB),
 * and the filter never asks for one that long (core/contract/staff-answers.ts `item` ≤ 600).
 * The keys are the fold of the day: a change of core/ja/fold.ts needs a migration that re-keys.
 */
import { sql, type Kysely } from 'kysely';
import type { ItemType } from '@core/form/item-types';
import { searchKeyOf } from '@core/rules/search-match';

/** UTF-16 units: at most 1,800 bytes of UTF-8, well inside an index entry with the other columns. */
export const SEARCH_KEY_MAX = 600;

export const searchKeyColumn = (value: string, type: ItemType | undefined): string | null => {
  const key = searchKeyOf(value, type);
  return key.length <= SEARCH_KEY_MAX ? key : null;
};

const BACKFILL_ROWS = 2000;

interface ConfigRow {
  survey_id: string;
  config_json: string;
}
interface KeyedRow {
  partition_key: string;
  sort_key: string;
  survey_id: string;
  item_key: string;
  value: string;
}

/** The item types of each stored form, by item key (a form whose JSON cannot be read: none). */
const itemTypesOf = async (db: Kysely<unknown>): Promise<Map<string, Map<string, ItemType>>> => {
  const rows = (await sql<ConfigRow>`select survey_id, config_json from survey_configs`.execute(db)).rows;
  const out = new Map<string, Map<string, ItemType>>();
  for (const r of rows) {
    let schema: { itemKey?: unknown; type?: unknown }[] = [];
    try {
      const parsed = (JSON.parse(r.config_json) as { surveySchema?: unknown }).surveySchema;
      if (Array.isArray(parsed)) schema = parsed as typeof schema;
    } catch {
      // left without types: its rows are keyed as text
    }
    out.set(r.survey_id, new Map(schema.flatMap((i) => (typeof i.itemKey === 'string' && typeof i.type === 'string' ? [[i.itemKey, i.type as ItemType] as const] : []))));
  }
  return out;
};

/**
 * Keys every stored answer row, in primary-key order, BACKFILL_ROWS at a time: the fold is NFKC,
 * which neither engine shares, so keys are made here and written back in one statement per batch.
 * SQLite runs migrations outside a transaction: each batch is one of its own there.
 */
export const backfillSearchKeys = async (db: Kysely<unknown>): Promise<void> => {
  const types = await itemTypesOf(db);
  let after: { pk: string; sk: string } | null = null;
  for (;;) {
    const page: KeyedRow[] = (
      await sql<KeyedRow>`select partition_key, sort_key, survey_id, item_key, value from survey_results
        ${after ? sql`where (partition_key, sort_key) > (${after.pk}, ${after.sk})` : sql``}
        order by partition_key, sort_key limit ${BACKFILL_ROWS}`.execute(db)
    ).rows;
    if (page.length === 0) return;
    const values = sql.join(page.map((r) => sql`(${r.partition_key}, ${r.sort_key}, ${searchKeyColumn(r.value, types.get(r.survey_id)?.get(r.item_key))})`));
    const update = sql`with v(pk, sk, k) as (values ${values})
      update survey_results set search_key = v.k from v where survey_results.partition_key = v.pk and survey_results.sort_key = v.sk`;
    await (db.isTransaction ? update.execute(db) : db.transaction().execute((trx) => update.execute(trx)));
    const last = page.at(-1) as KeyedRow;
    after = { pk: last.partition_key, sk: last.sort_key };
    if (page.length < BACKFILL_ROWS) return;
  }
};

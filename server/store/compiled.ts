/**
 * Queries built and compiled once, run many times with new values.
 *
 * Kysely builds every query as a tree of frozen nodes, copying the tree at each call of the
 * builder, and compiles the tree to SQL on every run. For the statements every reservation putItem
 * makes that was about a sixth of the server's CPU per request (issue 6's benchmark profile), for
 * SQL texts that never change. `compiled(build)` runs `build` once per dialect with placeholders
 * for the values, keeps the SQL, and afterwards only puts the values in their places.
 *
 * What `build` may do with its values: pass them to Kysely as values (where, set, values, sql``),
 * nothing else. A value read to choose the query's shape (a truthiness test, a length, a key
 * list) sees the placeholder, not the value: a query whose shape varies is one `compiled` per
 * shape. A value turned into text while building throws, and so does a value not given to a run.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

/** Stands for the value of one key of the arguments while the query is built. */
class Placeholder {
  constructor(readonly key: string) {}
  /** Written into SQL text rather than bound, a placeholder would be compiled in for good. */
  toString(): string {
    throw new Error(`compiled: the value "${this.key}" was used as text while building the query`);
  }
}

type Slot = { key: string } | { value: unknown };

interface Template {
  sql: string;
  slots: Slot[];
}

/** Anything a query can be built on: the database or a transaction. */
type Db<DB> = Kysely<DB>;

export interface CompiledStatement<DB, A, O> {
  /** Runs the statement with these values on `db`; answers its rows. */
  run(db: Db<DB>, args: A): Promise<O[]>;
}

export const compiled = <DB, A extends object, O>(
  build: (db: Db<DB>, args: A) => Compilable<O> | CompiledQuery<O>,
): CompiledStatement<DB, A, O> => {
  // By dialect (PostgreSQL and SQLite write the same query differently): its adapter's class.
  const templates = new Map<unknown, Template>();
  const templateFor = (db: Db<DB>): Template => {
    const dialect = db.getExecutor().adapter.constructor;
    let t = templates.get(dialect);
    if (!t) {
      const placeholders = new Proxy({} as A, {
        get: (_target, key) => (typeof key === 'string' ? new Placeholder(key) : undefined),
      });
      const built = build(db, placeholders);
      const q = 'sql' in built ? built : built.compile();
      t = { sql: q.sql, slots: q.parameters.map((p) => (p instanceof Placeholder ? { key: p.key } : { value: p })) };
      templates.set(dialect, t);
    }
    return t;
  };
  const fill = (db: Db<DB>, args: A): CompiledQuery<O> => {
    const t = templateFor(db);
    const parameters = t.slots.map((s) => {
      if ('value' in s) return s.value;
      if (!(s.key in args)) throw new Error(`compiled: no value for "${s.key}"`);
      return (args as Record<string, unknown>)[s.key];
    });
    return CompiledQuery.raw(t.sql, parameters) as CompiledQuery<O>;
  };
  return {
    run: async (db, args) => (await db.executeQuery(fill(db, args))).rows,
  };
};

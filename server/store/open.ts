/**
 * Opens the database: SQLite under DATA_DIR by default, PostgreSQL when a URL is given. Migrations
 * run before anything else touches it.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  SqliteDriver,
  type Compilable,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Transaction,
} from 'kysely';
import type { Database } from './schema';
import { migrationProvider } from './migrations';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer';

export type Engine = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  engine: Engine;
  /**
   * One write = one transaction. On SQLite it starts with BEGIN IMMEDIATE (see below).
   * Statements deferred with deferToCommit run at its end, in order; `last`, when given, makes the
   * very last statement from fn's answer, a write with RETURNING that must return a row or the
   * transaction rolls back with LastStatementMissedError. On PostgreSQL they travel with the COMMIT
   * in one round trip (see CommitWithDeferredDriver).
   */
  write<T>(fn: (trx: Transaction<Database>) => Promise<T>, last?: (answer: T) => Compilable): Promise<T>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** postgres://… ; when absent, SQLite. */
  databaseUrl?: string | undefined;
  /** Folder of the SQLite file. */
  dataDir: string;
  /** PostgreSQL schema to use (tests give each suite its own). */
  pgSchema?: string | undefined;
  /** SQLite file name under dataDir. */
  sqliteFile?: string | undefined;
}

/** A deferred statement with a guard returned no row: nothing of the write was committed. */
export class GuardFailedError extends Error {
  constructor(readonly guard: string) {
    super(`the deferred statement "${guard}" matched no row; the write was rolled back`);
  }
}

const LAST_GUARD = 'last';

/** A write's `last` statement returned no row: nothing of the write was committed. */
export class LastStatementMissedError extends GuardFailedError {
  constructor() {
    super(LAST_GUARD);
  }
}

const guardFailed = (guard: string): GuardFailedError => (guard === LAST_GUARD ? new LastStatementMissedError() : new GuardFailedError(guard));

interface Deferred {
  query: CompiledQuery;
  /** Set: the statement must return a row (RETURNING), or the write fails with GuardFailedError(guard). */
  guard: string | null;
  /** A statement whose one row gives late values (deferWithLateValues): its column → value. */
  late?: ReadonlyMap<string, LateValue>;
  /** The statement's rows, once the commit message has run (PostgreSQL). */
  rows?: readonly Record<string, unknown>[];
}

/** The deferred statements of the writes in progress, by their transaction. */
const deferredOf = new WeakMap<Transaction<Database>, Deferred[]>();

/**
 * Queues a write to run at the end of the transaction `trx` of a Store.write, after everything fn
 * does, in the order queued. With `guard`, the statement must return a row (give it RETURNING);
 * when it returns none the whole write rolls back and fails with GuardFailedError(guard).
 * For the statements that lock rows many writes wait for (a hot reservation slot): on PostgreSQL a
 * row an UPDATE touched stays locked until COMMIT, and deferred statements go to the database in
 * the COMMIT's own message, so the row is locked for no round trip at all.
 */
export const deferToCommit = (trx: Transaction<Database>, query: Compilable, guard: string | null = null): void => {
  deferredList(trx, 'deferToCommit').push({ query: query.compile(), guard });
};

const deferredList = (trx: Transaction<Database>, caller: string): Deferred[] => {
  const list = deferredOf.get(trx);
  if (!list) throw new Error(`${caller}: not inside a Store.write, or after its fn returned`);
  return list;
};

/** A late value: the token that stands for it, and the transaction-local setting its statement sets. */
interface LateValue {
  token: string;
  setting: string;
}

/**
 * What a late value may hold: it goes into later statements' text and JSON unescaped. Checked in
 * the commit message itself (lateCheckSql), so a value that is not plain fails the write before
 * anything of it is committed; the same pattern, as a JavaScript and a POSIX regular expression.
 */
const LATE_VALUE_SOURCE = '^[0-9A-Za-z:.+ -]+$';
const LATE_VALUE = new RegExp(LATE_VALUE_SOURCE);
const LATE_GUARD = 'late';
/** How every late token begins. */
const LATE_TOKEN_MARK = 'late_';

/**
 * PostgreSQL only. Defers a statement that produces values fn cannot know before the commit to
 * the commit message, ahead of every statement deferred so far, and answers a token for each of
 * `columns`. fn may put the tokens anywhere in what it answers and in the values of statements it
 * defers afterwards (Store.write's `last` included): at the commit each token is replaced by its
 * value, in those statements by PostgreSQL and in the answer Store.write gives back.
 *
 * `build` gets the name of a transaction-local setting for each column: the statement must return
 * one row whose column is `set_config(<its setting>, <value>, true)`. (It cannot be wrapped to do
 * that itself: a statement with data-modifying CTEs may not be nested in another WITH.) The values
 * must be plain and not empty (LATE_VALUE: digits, a time): they go into later statements' text
 * and JSON unescaped. No row, or a value that is not plain, fails the write with
 * GuardFailedError('late') before its COMMIT: nothing of it is kept.
 *
 * The tokens are random (they must not occur in anything else fn writes), the settings are not:
 * `late.v0`, `late.v1`, … in the order the write asks for them. A connection keeps every custom
 * setting name it has ever seen, and PostgreSQL 15 sorts its whole list of settings again for
 * each new one, so a name per write made every write on a connection slower than the one before
 * (measured: +0.3 ms per 1,000 earlier writes; 22 % of PostgreSQL's CPU in the reservation
 * benchmark) and its memory grow. A name used again holds '' once its transaction has ended.
 *
 * For the survey-wide answer-code row: claimed in the commit message, it is locked for no round
 * trip, where claiming it before cost every answer to the survey a wait on the server's event
 * loop. First, so locks are still taken in one order (the code row before the slots, see
 * routes/survey-results.ts).
 */
export const deferWithLateValues = <C extends string>(
  trx: Transaction<Database>,
  columns: readonly C[],
  build: (settings: Record<C, string>) => Compilable,
): Record<C, string> => {
  const list = deferredList(trx, 'deferWithLateValues');
  // randomUUID draws from a buffered pool; randomBytes asked the system on every write (~6 µs).
  const prefix = `${LATE_TOKEN_MARK}${randomUUID()}_`;
  const taken = list.reduce((n, d) => n + (d.late?.size ?? 0), 0);
  const late = new Map(columns.map((c, i): [string, LateValue] => [c, { token: `${prefix}${i}`, setting: `late.v${taken + i}` }]));
  const settings = Object.fromEntries([...late].map(([c, v]) => [c, v.setting])) as Record<C, string>;
  list.unshift({ query: build(settings).compile(), guard: null, late });
  return Object.fromEntries([...late].map(([c, v]) => [c, v.token])) as Record<C, string>;
};

/**
 * `x` with every late token in its strings (and plain objects' keys) replaced by its value. A walk
 * over arrays and plain objects, not a JSON round trip: this runs on every answer a write gives
 * back, and for a reservation's putItem answer (~1 KB) the round trip with a regular expression
 * of the tokens took ~135 µs in the benchmark's server, the walk ~40 µs. Other objects (a Date)
 * hold no token and are kept as they are.
 */
const replaceTokens = (x: unknown, values: ReadonlyMap<string, string>): unknown => {
  // split/join rather than a regular expression of the tokens, which would be new (compiled
  // again) on every write.
  const replaceIn = (s: string) => {
    let out = s;
    for (const [token, value] of values) if (out.includes(token)) out = out.split(token).join(value);
    return out;
  };
  const fill = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes(LATE_TOKEN_MARK) ? replaceIn(v) : v;
    if (Array.isArray(v)) return v.map(fill);
    if (v === null || typeof v !== 'object') return v;
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return v;
    // fromEntries defines each key as an own property, as JSON.parse did ("__proto__" included).
    return Object.fromEntries(Object.entries(v).map(([k, value]) => [fill(k), fill(value)]));
  };
  return fill(x);
};

/** The answer with every late token replaced by its value. */
const fillLateValues = <T>(answer: T, deferred: readonly Deferred[]): T => {
  const values = new Map<string, string>();
  for (const d of deferred) {
    if (!d.late) continue;
    const row = d.rows?.[0];
    for (const [column, { token }] of d.late) {
      const v = row?.[column];
      // Checked before the COMMIT (lateCheckSql): failing here would mean that check let it by.
      if (typeof v !== 'string' || !LATE_VALUE.test(v)) throw new Error(`late value ${column}: ${String(v)}`);
      values.set(token, v);
    }
  }
  if (values.size === 0 || answer === undefined) return answer;
  return replaceTokens(answer, values) as T;
};

/**
 * Runs `queries` in the write's transaction, in order, and answers each one's rows. On PostgreSQL
 * they go in one message (with the held-back BEGIN when they are the transaction's first): one
 * round trip where each would cost one, and every statement after the first sees what the ones
 * before it did, as when sent one by one. SQLite runs them one by one (in-process, no trips).
 */
export const runTogether = async (trx: Transaction<Database>, queries: readonly Compilable[]): Promise<Record<string, unknown>[][]> => {
  const compiledQueries = queries.map((q) => q.compile());
  const oneByOne = async () => {
    const out: Record<string, unknown>[][] = [];
    for (const q of compiledQueries) out.push((await trx.executeQuery(q)).rows as Record<string, unknown>[]);
    return out;
  };
  if (compiledQueries.length < 2 || !(trx.getExecutor().adapter instanceof PostgresAdapter)) return oneByOne();
  try {
    const { rows } = await trx.executeQuery(CompiledQuery.raw(MESSAGE, [compiledQueries.map((q) => partOf(q))]));
    return rows as Record<string, unknown>[][];
  } catch (e) {
    // Refused before anything was sent: values that cannot be written as literals.
    if (e instanceof CannotInlineError) return oneByOne();
    throw e;
  }
};

/**
 * A deferred SQLite transaction takes its write lock at its first write, and fails with
 * SQLITE_BUSY if another connection (the import CLI beside a running server) wrote since it read.
 * BEGIN IMMEDIATE takes the lock up front, so busy_timeout makes it wait instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** `dialect` with its driver swapped for `driver` (adapter, compiler and introspector kept). */
const withDriver = (dialect: Dialect, driver: () => Driver): Dialect => ({
  createAdapter: () => dialect.createAdapter(),
  createDriver: driver,
  createQueryCompiler: () => dialect.createQueryCompiler(),
  createIntrospector: (db) => dialect.createIntrospector(db),
});

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs about as much as running a
 * small statement. The queries are a fixed set of SQL texts with bound parameters, so prepared
 * statements are kept by text. Safe because the driver runs one statement at a time on this one
 * connection and never keeps an iterator open. Bounded for SQL built with variable IN lists.
 */
const cacheStatements = (database: SQLite.Database): void => {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) => {
    let stmt = cache.get(source);
    if (!stmt) {
      stmt = prepare(source);
      if (cache.size >= 500) cache.delete(cache.keys().next().value as string);
      cache.set(source, stmt);
    }
    return stmt;
  }) as typeof database.prepare;
};

const openSqlite = (opts: StoreOptions): { db: Kysely<Database>; checkpointer: Checkpointer } => {
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, opts.sqliteFile ?? 'app.sqlite');
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  cacheStatements(database);
  const checkpointer = startCheckpointer(database, file);
  return { db: new Kysely<Database>({ dialect: withDriver(new SqliteDialect({ database }), () => new ImmediateSqliteDriver({ database })) }), checkpointer };
};

/**
 * pg.escapeLiteral's result, made with native replaces: pg's builds the literal a character at a
 * time, ~6 µs a kilobyte for the answers' JSON that every commit message carries (several per
 * write), and as many string pieces for the collector. Same output (tests/server/store-write.test.ts).
 */
export const escapeLiteral = (s: string): string => {
  const quoted = s.replaceAll("'", "''");
  return s.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
};

/**
 * A value written as an SQL expression, for the simple-query protocol (which takes no parameters,
 * but several statements in one message). A string holding a late value's token
 * (deferWithLateValues; `late` maps each token to its setting) is replaced there by the value its
 * statement set.
 */
const literalOf = (v: unknown, late: ReadonlyMap<string, string> = new Map()): string => {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'string') {
    let text = escapeLiteral(v);
    for (const [token, setting] of late) {
      if (v.includes(token)) text = `replace(${text}, ${escapeLiteral(token)}, current_setting(${escapeLiteral(setting)}))`;
    }
    return text;
  }
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  throw new CannotInlineError(`inlineParameters: cannot write a ${typeof v} as a literal`);
};

/** A statement or value that cannot be written into a simple-query message; nothing was sent. */
class CannotInlineError extends Error {}

/**
 * `sql` with each $n replaced by args[n-1]. Kysely writes values as $n parameters, never as
 * quoted text, unless a query was built with sql.lit/raw; such a query is refused rather than risk
 * a "$1" inside a literal being replaced.
 */
const substitute = (sql: string, args: readonly string[]): string => {
  if (sql.includes("'") || sql.includes('$$')) throw new CannotInlineError('inlineParameters: the SQL holds literal text');
  return sql.replace(/\$(\d+)/g, (_m, n: string) => args[Number(n) - 1] as string);
};

/**
 * A compiled PostgreSQL statement with its parameters written in as literals (literalOf): what a
 * message holds for a statement past MAX_PREPARED texts. Exported for its tests.
 */
export const inlineParameters = (q: CompiledQuery, late: ReadonlyMap<string, string> = new Map()): string =>
  substitute(
    q.sql,
    q.parameters.map((v) => literalOf(v, late)),
  );

/** One statement of a simple-query message: its SQL, and each $n's value as an SQL expression. */
interface MessagePart {
  sql: string;
  args: string[];
}

const partOf = (q: CompiledQuery, late: ReadonlyMap<string, string> = new Map()): MessagePart => ({
  sql: q.sql,
  args: q.parameters.map((v) => literalOf(v, late)),
});

/** The SQL text CommitWithDeferredDriver sends to adaptClient for a message of several parts. */
const MESSAGE = '-- message';

/**
 * A PostgreSQL write's deferred statements, handed from Store.write to the driver's commit by the
 * transaction's connection (the one object both see). Not an AsyncLocalStorage: on Node 20 one
 * in use puts a hook on every promise of the process.
 */
const pendingCommit = new WeakMap<DatabaseConnection, Deferred[]>();

/**
 * After a late-value statement with `count` settings: fails as a guard unless each setting ($1…)
 * holds a plain value (LATE_VALUE_SOURCE, $count+1), the guard text being $count+2. A statement
 * with no row set nothing: a setting is then NULL (a name the connection never saw) or '' (one an
 * earlier transaction set), and neither matches. No quotes: the text may have to be written out
 * (substitute).
 */
const lateCheckSql = (count: number): string => {
  const each = Array.from({ length: count }, (_, i) => `current_setting($${i + 1}::text, true) ~ $${count + 1}::text`);
  return `select (case when (${each.join(' and ')}) is not true then $${count + 2}::text end)::int`;
};

/**
 * A guarded statement's SQL (see CommitWithDeferredDriver), `n` being its guard text's parameter.
 * Kept by statement, so each commit message looks the same string up by name (adaptClient)
 * instead of a new one it must first hash.
 */
const guardedSql = new Map<string, string>();
const guardedSqlOf = (sql: string, n: number): string => {
  let text = guardedSql.get(sql);
  if (text === undefined) {
    text = `with s as (${sql}) select (case when count(*) = 0 then $${n}::text end)::int from s`;
    if (guardedSql.size < MAX_PREPARED) guardedSql.set(sql, text);
  }
  return text;
};

/** The error PostgreSQL gives for a failed guard: the guard's text cast to an integer. */
const INVALID_TEXT_REPRESENTATION = '22P02';
const GUARD_PREFIX = 'guard:';

/**
 * PostgreSQL keeps every row a transaction updated locked until its COMMIT; a hot reservation slot
 * and a survey's answer-code row are such rows. Each round trip while they are held waits on the
 * server's one event loop, busy with other requests, so the write's deferred statements (the slot
 * claims, the idempotency key's answer) and the COMMIT go as one simple-query message.
 * A guard is `(case when count(*) = 0 then $n::text end)::int` over the statement's RETURNING
 * rows, $n being 'guard:…': no row makes the cast fail, which aborts the transaction; PostgreSQL
 * then skips the rest of the message, COMMIT included, and Kysely's rollback ends the
 * transaction. (The CASE is not a constant, so the planner cannot fold the failing cast early.)
 */
class CommitWithDeferredDriver extends PostgresDriver {
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const statements = pendingCommit.get(connection);
    pendingCommit.delete(connection);
    if (!statements || statements.length === 0) return super.commitTransaction(connection);
    /** Token → setting of the late values set by the statements so far. */
    const late = new Map<string, string>();
    const parts = statements.map((d): MessagePart[] => {
      const part = partOf(d.query, late);
      if (d.late) {
        // The statement set its values (deferWithLateValues); with no row it set none, which
        // the check after it turns into the guard's failure.
        const settings = [...d.late.values()].map((v) => v.setting);
        for (const { token, setting } of d.late.values()) late.set(token, setting);
        return [
          part,
          { sql: lateCheckSql(settings.length), args: [...settings, LATE_VALUE_SOURCE, GUARD_PREFIX + LATE_GUARD].map((a) => escapeLiteral(a)) },
        ];
      }
      if (d.guard === null) return [part];
      // The guard's text is a parameter, so every guard shares one prepared statement per text.
      return [{ sql: guardedSqlOf(part.sql, part.args.length + 1), args: [...part.args, escapeLiteral(GUARD_PREFIX + d.guard)] }];
    });
    try {
      const { rows } = await connection.executeQuery(CompiledQuery.raw(MESSAGE, [[...parts.flat(), { sql: 'commit', args: [] }]]));
      // One entry per part (adaptClient's resultOf), in order: each deferred statement's own first.
      let at = 0;
      statements.forEach((d, i) => {
        d.rows = (rows[at] as Record<string, unknown>[] | undefined) ?? [];
        at += (parts[i] as MessagePart[]).length;
      });
    } catch (e) {
      const failed = (e as { code?: unknown }).code === INVALID_TEXT_REPRESENTATION ? /"guard:([^"]*)"/.exec(String((e as Error).message)) : null;
      if (failed) throw guardFailed(failed[1] as string);
      throw e;
    }
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    pendingCommit.delete(connection);
    return super.rollbackTransaction(connection);
  }
}

/** SQL text → prepared statement name, shared by the pool's connections (each prepares its own). */
const statementNames = new Map<string, string>();
const MAX_PREPARED = 500;

/** Connections whose BEGIN is held back, to go with their next statement. */
const beginPending = new WeakSet<pg.PoolClient>();

type QueryResults = pg.QueryResult | pg.QueryResult[];
/**
 * A message of several statements answers, as its rows, one entry per statement: that statement's
 * rows (Kysely reads only `rows`; the commit message reads them this way).
 */
const resultOf = (r: QueryResults): pg.QueryResult => {
  if (!Array.isArray(r)) return r;
  if (r.length === 1) return r[0] as pg.QueryResult;
  return { command: 'MULTI', rowCount: null, oid: 0, rows: r.map((x) => x.rows), fields: [] };
};
const noRows = (command: string): pg.QueryResult => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });

/**
 * SQL text → name of a statement prepared with SQL PREPARE, which a simple-query message runs with
 * EXECUTE and its values written in; shared by the pool's connections (each prepares its own).
 */
const messageStatementNames = new Map<string, string>();

/**
 * How Kysely's queries reach PostgreSQL, changed in three ways that each save the database and the
 * server's one event loop work on every request (measured on the reservation putItem):
 *
 * - Prepared by text. Kysely sends every query unnamed, so PostgreSQL parses, analyses and plans
 *   it on every run. Giving a parameterised query a name makes pg prepare it once per connection
 *   and then only bind and execute it (and lets PostgreSQL switch to a cached generic plan when
 *   that plans as well). Bounded for SQL built with variable IN lists: past MAX_PREPARED texts,
 *   new ones run unnamed.
 * - Several statements in one message (the commit message of CommitWithDeferredDriver, and BEGIN
 *   with the first statement, below). The simple-query protocol that carries several takes no
 *   parameters, so each statement is prepared once per connection with SQL PREPARE and the
 *   message runs it with EXECUTE, its values written in as literals (literalOf): planned once,
 *   like the others, where writing the values into the statement itself had PostgreSQL parse and
 *   plan it on every run. Past MAX_PREPARED texts, the values are written into the statement.
 * - BEGIN with the first statement. A plain BEGIN answers nothing worth a round trip, so it is
 *   held back and sent in one message with the transaction's first statement, whose result is
 *   the one answered. A transaction that ends before any statement sends nothing at all. A
 *   statement whose values cannot be written as literals goes after a BEGIN of its own.
 */
const adaptClient = (client: pg.PoolClient): void => {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<QueryResults>;
  const send = (text: string, values: unknown[]): Promise<QueryResults> => {
    if (values.length === 0) return query(text).then(resultOf);
    let name = statementNames.get(text);
    if (name === undefined && statementNames.size < MAX_PREPARED) statementNames.set(text, (name = `k${statementNames.size}`));
    return name === undefined ? query(text, values) : query({ name, text, values });
  };
  /** The SQL-prepared statements this connection holds. */
  const prepared = new Set<string>();
  /**
   * The parts as one message, after the BEGIN when it is held back; answers as if each were sent
   * alone (resultOf). Throws CannotInlineError before anything of the message is sent.
   */
  const sendMessage = async (parts: readonly MessagePart[]): Promise<pg.QueryResult> => {
    const texts: string[] = [];
    for (const part of parts) {
      if (part.args.length === 0) {
        texts.push(part.sql);
        continue;
      }
      let name = messageStatementNames.get(part.sql);
      if (name === undefined && messageStatementNames.size < MAX_PREPARED) messageStatementNames.set(part.sql, (name = `m${messageStatementNames.size}`));
      if (name === undefined) {
        texts.push(substitute(part.sql, part.args));
        continue;
      }
      if (!prepared.has(name)) {
        // In a message of its own, once per connection: a PREPARE outlives a rollback, so one in a
        // message that failed further on could not be told from one that never ran.
        await query(`prepare ${name} as ${part.sql}`);
        prepared.add(name);
      }
      texts.push(`execute ${name}(${part.args.join(', ')})`);
    }
    const begin = beginPending.delete(client);
    const r = await query((begin ? ['begin', ...texts] : texts).join(';\n'));
    const results = Array.isArray(r) ? r : [r];
    return resultOf(begin ? results.slice(1) : results);
  };
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (config === MESSAGE && Array.isArray(values) && callback === undefined) {
      return sendMessage(values[0] as MessagePart[]);
    }
    if (typeof config !== 'string' || callback !== undefined || (values !== undefined && !Array.isArray(values))) return query(config, values, callback);
    const params = (values ?? []) as unknown[];
    const verb = params.length === 0 ? config.trim().toLowerCase() : '';
    if (verb === 'begin') {
      beginPending.add(client);
      return Promise.resolve(noRows('BEGIN'));
    }
    if (!beginPending.has(client)) return send(config, params);
    if (verb === 'rollback' || verb === 'commit') {
      beginPending.delete(client);
      return Promise.resolve(noRows(verb.toUpperCase()));
    }
    const alone = () => {
      beginPending.delete(client);
      return query('begin').then(() => send(config, params));
    };
    let part: MessagePart;
    try {
      part = partOf(CompiledQuery.raw(config, params));
    } catch (e) {
      if (e instanceof CannotInlineError) return alone();
      throw e;
    }
    // Refused before anything of the message is sent (past MAX_PREPARED, SQL with literal text).
    return sendMessage([part]).catch((e: unknown) => (e instanceof CannotInlineError ? alone() : Promise.reject(e)));
  };
};

/**
 * The pool's connections, kept once opened (min = max). pg-pool opens one when every open one is
 * busy and by default closes it after 10 s idle, so each burst of requests (a pause of the
 * server's event loop is enough) paid for new connections just when it came: a backend started,
 * and every statement prepared again on it (adaptClient), on the same two cores. Seen in the
 * reservation benchmark as backends started in the middle of its slow moments, every few seconds.
 * Not opened ahead: a connection is opened when a burst first needs it, and then stays.
 */
const POOL_SIZE = 10;

export const poolOptions = (url: string, pgSchema?: string): pg.PoolConfig => ({
  connectionString: url,
  max: POOL_SIZE,
  min: POOL_SIZE,
  ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
});

const openPostgres = async (opts: StoreOptions): Promise<Kysely<Database>> => {
  const url = opts.databaseUrl as string;
  if (opts.pgSchema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(opts.pgSchema)) throw new Error(`bad schema name ${opts.pgSchema}`);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists ${opts.pgSchema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool(poolOptions(url, opts.pgSchema));
  pool.on('connect', (client) => adaptClient(client));
  // A client given back with its BEGIN still held (a transaction Kysely never ended) starts clean.
  pool.on('release', (_err: Error | undefined, client: pg.PoolClient) => beginPending.delete(client));
  // Fail now, loudly, rather than at the first request.
  const probe = await pool.connect();
  probe.release();
  return new Kysely<Database>({ dialect: withDriver(new PostgresDialect({ pool }), () => new CommitWithDeferredDriver({ pool })) });
};

export const openStore = async (opts: StoreOptions): Promise<Store> => {
  const engine: Engine = opts.databaseUrl ? 'postgres' : 'sqlite';
  const { db, checkpointer } = engine === 'postgres' ? { db: await openPostgres(opts), checkpointer: undefined } : openSqlite(opts);
  const close = async () => {
    await checkpointer?.stop();
    await db.destroy();
  };
  // Kysely looks for its migration tables in every schema unless told which; with a schema per
  // test suite (or per tenant) that finds another schema's table and skips creating its own.
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(engine === 'postgres' && opts.pgSchema ? { migrationTableSchema: opts.pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await close();
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return {
    db,
    engine,
    write: async <T>(fn: (trx: Transaction<Database>) => Promise<T>, last?: (answer: T) => Compilable) => {
      const deferred: Deferred[] = [];
      const answer = await db.transaction().execute(async (trx) => {
        deferredOf.set(trx, deferred);
        let answer: T;
        try {
          answer = await fn(trx);
        } finally {
          deferredOf.delete(trx);
        }
        if (last) deferred.push({ query: last(answer).compile(), guard: LAST_GUARD });
        if (engine === 'postgres') {
          await trx.getExecutor().provideConnection(async (connection) => void pendingCommit.set(connection, deferred));
          return answer;
        }
        for (const d of deferred) {
          if (d.late) throw new Error('deferWithLateValues: PostgreSQL only');
          const r = await trx.executeQuery(d.query);
          if (d.guard !== null && r.rows.length === 0) throw guardFailed(d.guard);
        }
        return answer;
      });
      return fillLateValues(answer, deferred);
    },
    close,
  };
};

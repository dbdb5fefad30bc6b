/**
 * Opens the database: SQLite under DATA_DIR by default, PostgreSQL when a URL is given. Migrations
 * run before anything else touches it. How writes use it: server/store/README.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type PostgresPool,
  type PostgresPoolClient,
  type Transaction,
} from 'kysely';
import type { Database } from './schema';
import { migrationProvider } from './migrations';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer';
import { currentSchemaDialect } from './pg-introspector';

export type Engine = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  engine: Engine;
  /** One write = one transaction: fn's statements commit together, or none does when it throws. */
  write<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
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

/** Bound on statements kept per connection: SQL built with variable IN lists makes new texts. */
const MAX_STATEMENTS = 500;

/**
 * Kysely's SQLite driver prepares every query anew, which costs about as much as running a small
 * one. Statements are kept by text; safe because the driver runs one statement at a time on this
 * one connection and never keeps an iterator open.
 */
const keepStatements = (database: SQLite.Database): void => {
  const kept = new Map<string, SQLite.Statement>();
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) => {
    let stmt = kept.get(source);
    if (!stmt) {
      stmt = prepare(source);
      if (kept.size >= MAX_STATEMENTS) kept.delete(kept.keys().next().value as string);
      kept.set(source, stmt);
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
  keepStatements(database);
  const checkpointer = startCheckpointer(database, file);
  const dialect = new SqliteDialect({ database });
  return {
    db: new Kysely<Database>({
      dialect: {
        createAdapter: () => dialect.createAdapter(),
        createDriver: () => new ImmediateSqliteDriver({ database }),
        createQueryCompiler: () => dialect.createQueryCompiler(),
        createIntrospector: (db) => dialect.createIntrospector(db),
      },
    }),
    checkpointer,
  };
};

/** SQL text → statement name, the same on every connection (each prepares its own once). */
const statementNames = new Map<string, string>();
const statementNameOf = (text: string): string | undefined => {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_STATEMENTS) statementNames.set(text, (name = `s${statementNames.size}`));
  return name;
};

/**
 * The pool as Kysely's PostgresDialect takes it, sending every query with parameters as a named
 * prepared statement (pg's `{ name, text, values }`): PostgreSQL parses and plans it once per
 * connection instead of on every run. Protocol-level, so a pooler in transaction mode keeps working.
 */
const namedStatementPool = (pool: pg.Pool): PostgresPool => {
  // One wrapper per pg client, as long as the client lives: Kysely keys its connection objects by
  // the client it is handed (a WeakMap), so a new wrapper on every checkout made a connection object
  // and an entry per transaction, which a WeakMap keeps through scavenges until a major GC.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // Kysely reads rows through cursors only when streaming, which nothing here does.
    query: ((text: string, values: unknown[]) => {
      const name = values.length > 0 ? statementNameOf(text) : undefined;
      return name === undefined ? client.query(text, values) : client.query({ name, text, values });
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    connect: async (): Promise<PostgresPoolClient> => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
};

/**
 * The pool's connections, kept once opened (min = max): pg-pool otherwise closes one after 10 s
 * idle, and each burst paid for new backends (and their statements prepared again) just when it came.
 */
const POOL_SIZE = 10;

export const poolOptions = (url: string, pgSchema?: string): pg.PoolConfig => ({
  connectionString: url,
  max: POOL_SIZE,
  min: POOL_SIZE,
  // JIT off: the product's queries are short index reads, and an export's batch (a GROUP BY of
  // 20,000 rows) is costed above jit_above_cost, so each paid a compile longer than its run.
  options: `-c jit=off${pgSchema ? ` -c search_path=${pgSchema}` : ''}`,
});

const openPostgres = async (opts: StoreOptions): Promise<Kysely<Database>> => {
  // Also a connection option (poolOptions): only plain names.
  if (opts.pgSchema && !/^[a-z_][a-z0-9_]*$/.test(opts.pgSchema)) throw new Error(`bad schema name ${opts.pgSchema}`);
  const db = new Kysely<Database>({
    dialect: currentSchemaDialect({ pool: namedStatementPool(new pg.Pool(poolOptions(opts.databaseUrl as string, opts.pgSchema))) }),
  });
  // Fails now, loudly, rather than at the first request when the database cannot be reached.
  await (opts.pgSchema ? sql`create schema if not exists ${sql.id(opts.pgSchema)}` : sql`select 1`).execute(db);
  return db;
};

export const openStore = async (opts: StoreOptions): Promise<Store> => {
  const engine: Engine = opts.databaseUrl ? 'postgres' : 'sqlite';
  const { db, checkpointer } = engine === 'postgres' ? { db: await openPostgres(opts), checkpointer: undefined } : openSqlite(opts);
  const close = async () => {
    await checkpointer?.stop();
    await db.destroy();
  };
  // Kysely's migration tables go in the store's schema (tests and tenants each have their own).
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
  return { db, engine, write: (fn) => db.transaction().execute(fn), close };
};

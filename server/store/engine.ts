/**
 * Which engine a connection or transaction runs on, read from Kysely's adapter: the few statements
 * that differ (answer codes from a sequence on PostgreSQL) ask here, so no caller outside the
 * store carries the engine around.
 */
import { SqliteAdapter, type Kysely } from 'kysely';
import type { Engine } from './open';
import type { Database } from './schema';

export const engineOf = (db: Kysely<Database>): Engine => (db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres');

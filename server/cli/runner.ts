/**
 * What every command-line tool shares: the database opened as the server opens it (DATA_DIR,
 * DATABASE_URL, DATABASE_SCHEMA) and closed whatever happens, a usage error told apart from a
 * failure, and the run when the file is started itself (not when a test imports it).
 */
import { pathToFileURL } from 'node:url';
import type { AppConfig } from '../config';
import { openStore, type Store } from '../store/open';

/** A command line that cannot be run as given: the tool prints it with its usage. */
export class UsageError extends Error {}

export const withStore = async <T>(config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'databaseSchema'>, run: (store: Store) => Promise<T>): Promise<T> => {
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: config.databaseSchema });
  try {
    return await run(store);
  } finally {
    await store.close();
  }
};

/** Runs `main` with the process's arguments when `moduleUrl` is the file node was started with. */
export const runAsMain = async (moduleUrl: string, main: (args: string[]) => Promise<number>): Promise<void> => {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  process.exitCode = await main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`エラー / error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  });
};

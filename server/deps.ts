/** Wires config to real parts: storage, the login provider, and the token verifier. */
import type { AppConfig } from './config';
import { openStore, type StoreOptions } from './store/open';
import { createVerifier } from './auth/verify';
import { createDevIssuer } from './providers/login-dev';
import { createLineLogin } from './providers/login-line';
import type { Deps } from './route-context';
import type { Logger } from './log';
import { createPaymentProvider } from './providers/payment';
import { buildFileDeps } from './files';
import { createPlacesProvider } from './providers/places';
import { createGeocodeProvider } from './providers/geocode';
import type { JobQueue } from './jobs/queue';
import { openJobQueue } from './jobs/open-queue';
import { createRealLineMessaging } from './providers/line-messaging-real';

export const buildDeps = async (
  config: AppConfig,
  log: Logger,
  storeOverrides: Partial<StoreOptions> = {},
): Promise<Deps> => {
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgSchema: config.databaseSchema,
    ...storeOverrides,
  });
  let jobs: JobQueue | undefined;
  try {
    // pg-boss on PostgreSQL, in a schema derived from the store's (each test's schema has its own).
    jobs = await openJobQueue({ store, databaseUrl: storeOverrides.databaseUrl ?? config.databaseUrl, pgSchema: storeOverrides.pgSchema ?? config.databaseSchema, leaseSeconds: config.jobs.leaseSeconds, log });
    const files = await buildFileDeps(config);
    if (config.devIssuer) {
      const devIssuer = await createDevIssuer(config);
      const verifyToken = createVerifier({
        issuer: config.line.issuer,
        channelId: config.line.channelId,
        channelSecret: devIssuer.channelSecret,
        jwks: { keys: devIssuer.jwks },
      });
      return { config, store, verifyToken, login: devIssuer.login, devIssuer, payment: createPaymentProvider(config), files, places: createPlacesProvider(config), geocode: createGeocodeProvider(config), jobs, lineMessaging: config.lineMessaging ? createRealLineMessaging(config.lineMessaging) : null, log };
    }
    const verifyToken = createVerifier({
      issuer: config.line.issuer,
      channelId: config.line.channelId,
      channelSecret: config.line.channelSecret,
      jwks: { url: config.line.jwksUrl },
    });
    return { config, store, verifyToken, login: createLineLogin(config, verifyToken), devIssuer: null, payment: createPaymentProvider(config), files, places: createPlacesProvider(config), geocode: createGeocodeProvider(config), jobs, lineMessaging: config.lineMessaging ? createRealLineMessaging(config.lineMessaging) : null, log };
  } catch (e) {
    await jobs?.close();
    await store.close();
    throw e;
  }
};

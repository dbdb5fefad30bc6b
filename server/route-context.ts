/**
 * What the composition root (app.ts) hands the parts it wires: the deps, and the route context
 * route modules register with. A module of its own so routes, files and deps depend on these
 * types without importing the app that imports them (no cycle through app.ts).
 */
import type { EndpointDef } from '@core/contract/define';
import type { AppConfig } from './config';
import type { Store } from './store/open';
import type { TokenVerifier } from './auth/verify';
import type { LoginProvider } from './providers/login';
import type { Logger } from './log';
import type { Handler } from './http';
import type { ServerHooks } from './idempotency';
import type { FileDeps } from './files';
import type { PlacesProvider } from './providers/places';
import type { GeocodeProvider } from './providers/geocode';
import type { DevIssuer } from './providers/login-dev';
import type { PaymentProvider } from './providers/payment';
import type { JobQueue } from './jobs/queue';
import type { LineMessaging } from './providers/line-messaging';

export interface Deps {
  config: AppConfig;
  store: Store;
  verifyToken: TokenVerifier;
  login: LoginProvider;
  devIssuer: DevIssuer | null;
  /** The card provider (real, or the local one in development); null: payments are off. */
  payment: PaymentProvider | null;
  /** Uploads: storage, scanner, keys and the scan pipeline (server/files/). */
  files: FileDeps;
  /** Facility search (Google Places, or the local dataset in development); null: off. */
  places: PlacesProvider | null;
  /** Reverse geocoding of the location item (Google, or the local dataset in development); null: off. */
  geocode: GeocodeProvider | null;
  /** LINE messages to residents (real, or the local stand-in in development); null: off. */
  lineMessaging: LineMessaging | null;
  /** The job queue (server/jobs/): enqueue in the caller's transaction. */
  jobs: JobQueue;
  log: Logger;
  /** Test-only seams (a delay inside a write transaction); read at each use, so tests may set them late. */
  hooks?: ServerHooks;
}

/** The store as routes see it: reads only. A route writes through its handler's `commit`. */
export type RouteStore = Omit<Store, 'write'>;

/**
 * What route modules get: the deps (with a store that cannot write: every write of a route goes
 * through the handler's `commit`, so an idempotent one's effect is stored with its answer) and a
 * `route()` bound to this app's authentication and writes.
 */
export interface RouteContext {
  deps: Omit<Deps, 'store'> & { store: RouteStore };
  route: <E extends EndpointDef>(e: E, handler: NoInfer<Handler<E>>) => void;
}

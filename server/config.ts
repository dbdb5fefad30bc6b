/**
 * Every setting the server reads from the environment, with its default. The README's
 * configuration table mirrors this list; keep them together.
 */
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { ALL_FEATURES, type Features } from '@core/rules/features';
import { KIOSK_IDLE_MIN_SECONDS } from '@core/rules/kiosk-enrolment';

/** A kiosk's write allowance, in residents', when KIOSK_WRITE_RATE_LIMIT is unset. */
export const KIOSK_WRITE_RATE_FACTOR = 10;


/** Pushes per second when LINE_PUSH_PER_SECOND is unset: half of LINE's 2,000, room for other senders on the channel. */
export const LINE_PUSH_PER_SECOND_DEFAULT = 1000;

const emptyIsUnset = (v: unknown) => (v === '' ? undefined : v);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  NODE_ENV: z.string().default('development'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Public origin of this server as residents reach it (redirect URIs, dev issuer `iss`). */
  PUBLIC_URL: z.string().optional(),
  /** LINE Login channel. When unset, the built-in dev issuer plays LINE's part (only in DEV_ISSUER_NODE_ENVS). */
  LINE_CHANNEL_ID: z.string().optional(),
  LINE_CHANNEL_SECRET: z.string().optional(),
  LIFF_ID: z.string().optional(),
  LINE_ISSUER: z.string().default('https://access.line.me'),
  LINE_AUTHORIZE_URL: z.string().default('https://access.line.me/oauth2/v2.1/authorize'),
  LINE_TOKEN_URL: z.string().default('https://api.line.me/oauth2/v2.1/token'),
  LINE_JWKS_URL: z.string().default('https://api.line.me/oauth2/v2.1/certs'),
  /** Origin of the card payment provider's payment page, allowed in CSP form-action. */
  PAYMENT_PROVIDER_ORIGIN: z.string().optional(),
  /**
   * The card provider (SBPS link type): all four or none. None: the local simulator only under a
   * development NODE_ENV with no LINE channel (the dev issuer), else no payments.
   */
  PAYMENT_PROVIDER_URL: z.preprocess(emptyIsUnset, z.string().url().optional()),
  PAYMENT_MERCHANT_ID: z.preprocess(emptyIsUnset, z.string().optional()),
  PAYMENT_SERVICE_ID: z.preprocess(emptyIsUnset, z.string().optional()),
  PAYMENT_HASH_KEY: z.preprocess(emptyIsUnset, z.string().optional()),
  /** The provider's refund API (server to server); unset: the real provider's refunds are off. */
  PAYMENT_REFUND_URL: z.preprocess(emptyIsUnset, z.string().url().optional()),
  /** Minutes a temporary (unpaid) answer holds its reservation slots. */
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(30),
  /** Seconds between two sweeps for unpaid holds past their time (payments on only). */
  PAYMENT_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Google Maps Platform key (server only): facility search (Places) and reverse geocoding. Unset: the local providers in development, else off. */
  GOOGLE_MAPS_API_KEY: z.preprocess(emptyIsUnset, z.string().optional()),
  /** Places API (New) Text Search endpoint. */
  GOOGLE_PLACES_URL: z.string().url().default('https://places.googleapis.com/v1/places:searchText'),
  /** Geocoding API endpoint (reverse geocoding of the location item). */
  GOOGLE_GEOCODE_URL: z.string().url().default('https://maps.googleapis.com/maps/api/geocode/json'),
  /** The location item's map tiles, a {z}/{x}/{y} template. Unset: the server's own plain tiles in development, else GSI's standard map. */
  MAP_TILE_URL: z.preprocess(emptyIsUnset, z.string().optional()),
  /** Attribution shown on the map (HTML not allowed; plain text). */
  MAP_TILE_ATTRIBUTION: z.preprocess(emptyIsUnset, z.string().optional()),
  /** Load demo/bundle.json on first start (empty database). Unset: 1 in development with the dev issuer, else 0. */
  LOAD_DEMO: z.preprocess(emptyIsUnset, z.enum(['0', '1']).optional()),
  /** Largest request body accepted, in bytes. */
  BODY_LIMIT: z.coerce.number().int().positive().default(4 * 1024 * 1024),
  LOG_REQUESTS: z.enum(['0', '1']).default('1'),
  /** 1: at start, check every held count against its reservations and log what differs (no repair). */
  CHECK_COUNTS_AT_START: z.enum(['0', '1']).default('0'),
  /** Kiosk tablets: seconds without a touch before a visitor's answer is wiped (a kiosk's own --idle wins). */
  KIOSK_IDLE_SECONDS: z.coerce.number().int().min(KIOSK_IDLE_MIN_SECONDS).default(90),
  /** Writes (idempotent calls) per minute per resident; 0: no limit. Empty is unset (not 0: no silent "off"). */
  WRITE_RATE_LIMIT: z.preprocess(emptyIsUnset, z.coerce.number().int().min(0).default(60)),
  /** Writes per minute per kiosk tablet (its visitors share it); unset: 10 × WRITE_RATE_LIMIT; 0: no limit. */
  KIOSK_WRITE_RATE_LIMIT: z.preprocess(emptyIsUnset, z.coerce.number().int().min(0).optional()),
  /** Hosts /url-external sends residents to without asking (comma-separated); others get a confirmation screen. */
  EXTERNAL_URL_HOSTS: z.string().default(''),
  /** Files (server/files/): AES-256-GCM key, 32 bytes as base64 or hex; unset: DATA_DIR/file-key (made on first start). */
  FILE_ENCRYPTION_KEY: z.preprocess(emptyIsUnset, z.string().optional()),
  /** clamd's socket (a path, or host:port); every upload is scanned by it after the built-in scanner. */
  CLAMD_SOCKET: z.preprocess(emptyIsUnset, z.string().optional()),
  /** `builtin`: run without clamd outside development, knowingly (a warning at start). */
  FILE_SCAN: z.preprocess(emptyIsUnset, z.enum(['builtin']).optional()),
  /** Extra signatures for the built-in scanner: a file of `name:hex` lines. */
  SCAN_SIGNATURES_FILE: z.preprocess(emptyIsUnset, z.string().optional()),
  /** An S3-compatible object store for the files (all of endpoint, bucket and keys, or none: DATA_DIR/files). */
  S3_ENDPOINT: z.preprocess(emptyIsUnset, z.string().url().optional()),
  S3_BUCKET: z.preprocess(emptyIsUnset, z.string().optional()),
  S3_REGION: z.preprocess(emptyIsUnset, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyIsUnset, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyIsUnset, z.string().optional()),
  S3_PREFIX: z.string().default(''),
  /** Seconds an upload or download URL stays valid. */
  FILE_URL_SECONDS: z.coerce.number().int().min(10).max(7 * 24 * 3600).default(300),
  /** Seconds a scan may hold a file before another pass takes it over (a crashed scan's file). */
  FILE_SCAN_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Seconds a job (server/jobs/) is leased to a process before another may take it over. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Milliseconds between two looks at the job queue. */
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Megabytes of files one resident may upload in any 24 hours; 0: no limit. */
  FILE_QUOTA_MB: z.coerce.number().int().min(0).default(500),
  /**
   * Build switches (spec 01 §1; core/rules/features.ts). Unset: on, so the demo and `npm start`
   * show everything; a deployment switches a part off with 0.
   */
  MEMBERS: z.preprocess(emptyIsUnset, z.enum(['0', '1']).optional()),
  PAYMENT: z.preprocess(emptyIsUnset, z.enum(['0', '1']).optional()),
  MEDICAL_MODE: z.preprocess(emptyIsUnset, z.enum(['0', '1']).optional()),
  /** Spec: the feature is on only when the value is "1"; any other set value is off. */
  SECURE_FILE_UPLOAD: z.preprocess(emptyIsUnset, z.string().optional()),
  /**
   * Staff sign-in by OpenID Connect (server/staff/oidc.ts): all three or none. None: the in-process
   * dev issuer under a development NODE_ENV, else local accounts only.
   */
  STAFF_OIDC_ISSUER: z.preprocess(emptyIsUnset, z.string().url().optional()),
  STAFF_OIDC_CLIENT_ID: z.preprocess(emptyIsUnset, z.string().optional()),
  STAFF_OIDC_CLIENT_SECRET: z.preprocess(emptyIsUnset, z.string().optional()),
  /** A staff session ends after this many minutes without a request… */
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** …and this many hours after sign-in, whatever its use. */
  STAFF_SESSION_HOURS: z.coerce.number().int().min(1).max(7 * 24).default(12),
  /** Networks the staff API answers (comma-separated CIDRs, IPv4 or IPv6); unset: any. */
  STAFF_ALLOWED_CIDRS: z.string().default(''),
  /** 1: behind a reverse proxy, the client's address is the last X-Forwarded-For entry. */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  /**
   * LINE Messaging API (providers/line-messaging-real.ts). A channel access token: messages go to
   * LINE_MESSAGING_API_URL. Unset: the local stand-in in development, else LINE messages are off.
   */
  LINE_MESSAGING_CHANNEL_TOKEN: z.preprocess(emptyIsUnset, z.string().optional()),
  /** The Messaging API's origin; unset: https://api.line.me (with a token), or this server's stand-in in development. */
  LINE_MESSAGING_API_URL: z.preprocess(emptyIsUnset, z.string().url().optional()),
  /** Milliseconds a push or profile call may take before it counts as a timeout (retried with its retry key). */
  LINE_MESSAGING_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Pushes per second across every process (server/line/send-rate.ts); LINE allows 2,000. */
  LINE_PUSH_PER_SECOND: z.coerce.number().int().min(1).max(2000).default(LINE_PUSH_PER_SECOND_DEFAULT),
  /** LINE Login's add-friend prompt for the official account: `normal`, `aggressive`, or `off` (no bot_prompt). */
  LINE_BOT_PROMPT: z.preprocess(emptyIsUnset, z.enum(['normal', 'aggressive', 'off']).default('normal')),
  /** PostgreSQL schema to use (created if missing); unset: the connection's default search_path. */
  DATABASE_SCHEMA: z
    .string()
    // Empty is unset, as for DATABASE_URL.
    .regex(/^(|[a-z_][a-z0-9_]*)$/, 'lower-case letters, digits and _')
    .optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  publicUrl: string;
  /** true when the dev issuer stands in for LINE Login. */
  devIssuer: boolean;
  line: {
    channelId: string;
    /** LINE_CHANNEL_SECRET; undefined for the dev issuer, whose secret is in DATA_DIR (DevIssuer.channelSecret). */
    channelSecret: string | undefined;
    liffId: string | undefined;
    issuer: string;
    authorizeUrl: string;
    tokenUrl: string;
    jwksUrl: string;
  };
  paymentProviderOrigin: string | undefined;
  /**
   * The card provider: 'local' is the dev simulator (providers/payment-local.ts), only under a
   * development NODE_ENV with the dev issuer (no LINE channel, no PAYMENT_PROVIDER_URL);
   * null: payments are off (a temporary save answers 現在決済を受け付けておりません。).
   */
  payment: { kind: 'provider'; url: string; merchantId: string; serviceId: string; hashKey: string; refundUrl: string | null } | { kind: 'local' } | null;
  paymentHoldMinutes: number;
  paymentSweepSeconds: number;
  /**
   * Facility search and reverse geocoding: Google with a key; 'local' (bundled data,
   * providers/places-local.ts, geocode-local.ts) in development; null: off.
   */
  maps: { kind: 'google'; apiKey: string; placesUrl: string; geocodeUrl: string } | { kind: 'local' } | null;
  /** The location item's map tiles and their attribution (served to the PWA by /app-config). */
  mapTiles: { url: string; attribution: string };
  loadDemo: boolean;
  bodyLimit: number;
  logRequests: boolean;
  /** CHECK_COUNTS_AT_START: the held counts checked once at start (server/store/count-check.ts), logged. */
  checkCountsAtStart: boolean;
  /** Kiosk tablets' idle time in seconds, for kiosks enrolled without one of their own. */
  kioskIdleSeconds: number;
  /** Writes per minute per user (server/rate-limit.ts); 0: no limit. */
  writeRateLimit: { perMinute: number; kioskPerMinute: number };
  /** The job queue every process works (server/jobs/). */
  jobs: { leaseSeconds: number; pollMs: number };
  /** Host names /url-external redirects to at once (lower case, IDN as punycode); any other asks first. */
  externalUrlHosts: string[];
  /** Uploads, scanning and encryption at rest (server/files/). */
  files: {
    encryptionKey: string | undefined;
    clamdSocket: string | undefined;
    /** No clamd outside development, chosen with FILE_SCAN=builtin: said with a warning at start. */
    builtinOnlyWarning: boolean;
    signaturesFile: string | undefined;
    urlSeconds: number;
    scanLeaseSeconds: number;
    /** Megabytes one resident may upload in any 24 hours; 0: no limit. */
    quotaMb: number;
    /** null: the local directory DATA_DIR/files. */
    s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; prefix: string } | null;
  };
  /** The build switches (MEMBERS, PAYMENT, MEDICAL_MODE, SECURE_FILE_UPLOAD), served by /app-config. */
  features: Features;
  /** The staff side (server/staff/): how staff sign in and where from. */
  staff: StaffConfig;
  /** Behind a reverse proxy: the client address is X-Forwarded-For's last entry. */
  trustProxy: boolean;
  /** LINE messages to residents (server/providers/line-messaging-real.ts); null: off. */
  lineMessaging: LineMessagingConfig | null;
  /** LINE Login's bot_prompt (the add-friend prompt); null: not asked. */
  lineBotPrompt: 'normal' | 'aggressive' | null;
  /** Where the built PWA lives. */
  distDir: string;
}

/**
 * Where pushes go: 'line' is a real channel (LINE_MESSAGING_CHANNEL_TOKEN); 'local' is the
 * stand-in (providers/line-messaging-local.ts), this server's own at /dev/line-api unless
 * LINE_MESSAGING_API_URL names another, only in development with the dev issuer.
 */
export interface LineMessagingConfig {
  kind: 'line' | 'local';
  /** An origin: the SDK drops any path of its base URL. */
  apiUrl: string;
  /** The stand-in's control endpoints (local only): the dev chat page and the dev issuer's friend choice use them. */
  controlUrl: string | null;
  channelToken: string;
  timeoutMs: number;
  /** Pushes per second shared by every process. */
  pushPerSecond: number;
}

/**
 * Where the development server mounts the stand-in's control endpoints, and its chat page (LINE's
 * own paths, /v2/bot/..., are at its root). A stand-in of its own serves them at LOCAL_CONTROL_PATH.
 */
export const DEV_LINE_CONTROL_PATH = '/dev/line-api/__control';
export const LOCAL_CONTROL_PATH = '/__control';
export const DEV_LINE_CHAT_PATH = '/dev/line-chat';
/** The stand-in's channel access token: it plays LINE for this machine only, so a constant does. */
export const DEV_LINE_CHANNEL_TOKEN = 'dev-line-channel-token';

export interface StaffConfig {
  /** OIDC: the municipality's issuer; 'dev': the in-process dev issuer; null: local accounts only. */
  oidc: { kind: 'issuer'; issuer: string; clientId: string; clientSecret: string } | { kind: 'dev' } | null;
  idleMinutes: number;
  hours: number;
  /** Parsed CIDRs; empty: every network. */
  allowedCidrs: string[];
}

/**
 * The dev issuer's channel id: fixed so tokens stay valid across restarts of a dev server. Its
 * secret is no constant: made per data folder (providers/dev-issuer-secrets.ts).
 */
export const DEV_CHANNEL_ID = '1650000000';

/**
 * The NODE_ENV values under which the dev issuer may stand in for LINE (unset counts as
 * development). An allow-list, not a deny-list of "production": a typo such as `prod` or
 * `Production` must not start a sign-in anyone can use as any resident on 0.0.0.0.
 */
export const DEV_ISSUER_NODE_ENVS: readonly string[] = ['development', 'test'];

/**
 * EXTERNAL_URL_HOSTS as host names compared exactly with URL.hostname: lower case, an IDN in its
 * punycode form. An entry that is not a bare host (a scheme, port, path or `*.` wildcard) is
 * refused rather than silently matching nothing — or more than the operator meant.
 */
export const parseExternalUrlHosts = (raw: string): string[] => {
  const hosts = new Set<string>();
  for (const entry of raw.split(',').map((h) => h.trim()).filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = /[/?#@\\*\s]/.test(entry) ? null : new URL(`http://${entry}/`);
    } catch {
      url = null;
    }
    if (!url || url.host !== url.hostname || url.hostname === '') {
      throw new Error(`EXTERNAL_URL_HOSTS: ${JSON.stringify(entry)} is not a host name (write www.city.example.lg.jp, without https:// or a path)`);
    }
    hosts.add(url.hostname);
  }
  return [...hosts];
};

/** STAFF_ALLOWED_CIDRS: each entry an address with its prefix length; anything else stops the start. */
const parseCidrs = (raw: string): string[] =>
  raw
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
    .map((entry) => {
      const m = /^([0-9a-fA-F:.]+)\/(\d{1,3})$/.exec(entry);
      const kind = m ? net.isIP(m[1] as string) : 0;
      if (!m || kind === 0 || Number(m[2]) > (kind === 4 ? 32 : 128)) throw new Error(`STAFF_ALLOWED_CIDRS: ${JSON.stringify(entry)} is not a CIDR such as 192.0.2.0/24`);
      return entry;
    });

const s3Of = (e: z.infer<typeof envSchema>): AppConfig['files']['s3'] => {
  const set = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (set.every((v) => v === undefined)) return null;
  if (set.some((v) => v === undefined)) throw new Error('S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or none of them.');
  return {
    endpoint: e.S3_ENDPOINT as string,
    bucket: e.S3_BUCKET as string,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    prefix: e.S3_PREFIX,
  };
};

/** Where the development server serves its own plain tiles (app.ts), so a map works with no network. */
export const DEV_TILE_PATH = '/dev/tiles';
const GSI_TILES = { url: 'https://cyberjapandata.gsi.go.jp/xyz/std/{z}/{x}/{y}.png', attribution: '出典：国土地理院' };

const mapTilesOf = (url: string | undefined, attribution: string | undefined, development: boolean): AppConfig['mapTiles'] => {
  if (url) {
    if (!/^(https:\/\/|\/(?!\/))/.test(url) || !url.includes('{z}') || !url.includes('{x}') || !url.includes('{y}'))
      throw new Error('MAP_TILE_URL is an https:// address or a path on this server, with {z}, {x} and {y}.');
    return { url, attribution: attribution ?? '' };
  }
  return development ? { url: `${DEV_TILE_PATH}/{z}/{x}/{y}.png`, attribution: attribution ?? '開発用の地図' } : { ...GSI_TILES, ...(attribution ? { attribution } : {}) };
};

const lineMessagingOf = (e: z.infer<typeof envSchema>, sandbox: boolean, publicUrl: string): LineMessagingConfig | null => {
  const common = { timeoutMs: e.LINE_MESSAGING_TIMEOUT_MS, pushPerSecond: e.LINE_PUSH_PER_SECOND };
  const apiUrl = e.LINE_MESSAGING_API_URL ? new URL(e.LINE_MESSAGING_API_URL).origin : undefined;
  if (e.LINE_MESSAGING_CHANNEL_TOKEN) return { kind: 'line', apiUrl: apiUrl ?? 'https://api.line.me', controlUrl: null, channelToken: e.LINE_MESSAGING_CHANNEL_TOKEN, ...common };
  if (sandbox) {
    const own = new URL(publicUrl).origin;
    return { kind: 'local', apiUrl: apiUrl ?? own, controlUrl: apiUrl ? `${apiUrl}${LOCAL_CONTROL_PATH}` : `${own}${DEV_LINE_CONTROL_PATH}`, channelToken: DEV_LINE_CHANNEL_TOKEN, ...common };
  }
  return null;
};

export const loadConfig = (env: Record<string, string | undefined> = process.env): AppConfig => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Empty is unset, as for DATABASE_URL.
  const nodeEnv = e.NODE_ENV || 'development';
  const production = nodeEnv === 'production';
  const devIssuer = !e.LINE_CHANNEL_ID;
  if (devIssuer && !DEV_ISSUER_NODE_ENVS.includes(nodeEnv)) {
    throw new Error(
      `LINE_CHANNEL_ID is required when NODE_ENV=${JSON.stringify(nodeEnv)}: the built-in dev issuer (which signs in anyone ` +
        `as any resident) runs only when NODE_ENV is unset, ${DEV_ISSUER_NODE_ENVS.join(' or ')}. Set LINE_CHANNEL_ID and ` +
        'LINE_CHANNEL_SECRET for a real deployment, or NODE_ENV=development on a developer machine.',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // Stand-ins for the outside world that take real bookings (the payment simulator, the demo
  // forms) only where no resident can be: a development NODE_ENV with the dev issuer signing in.
  const sandbox = DEV_ISSUER_NODE_ENVS.includes(nodeEnv) && devIssuer;
  if (!sandbox && !e.CLAMD_SOCKET && e.FILE_SCAN !== 'builtin') {
    throw new Error(
      'CLAMD_SOCKET is required where residents upload files for real (a LINE channel, or NODE_ENV outside development): ' +
        'the built-in scanner knows a few signatures, not viruses. Set CLAMD_SOCKET to clamd\'s socket (a path or host:port), ' +
        'or FILE_SCAN=builtin to run with the built-in scanner alone, knowingly.',
    );
  }
  const paymentSet = [e.PAYMENT_PROVIDER_URL, e.PAYMENT_MERCHANT_ID, e.PAYMENT_SERVICE_ID, e.PAYMENT_HASH_KEY];
  if (paymentSet.some((v) => v !== undefined) && paymentSet.some((v) => v === undefined)) {
    throw new Error('PAYMENT_PROVIDER_URL, PAYMENT_MERCHANT_ID, PAYMENT_SERVICE_ID and PAYMENT_HASH_KEY are set together, or none of them.');
  }
  const oidcSet = [e.STAFF_OIDC_ISSUER, e.STAFF_OIDC_CLIENT_ID, e.STAFF_OIDC_CLIENT_SECRET];
  if (oidcSet.some((v) => v !== undefined) && oidcSet.some((v) => v === undefined)) {
    throw new Error('STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET are set together, or none of them.');
  }
  const features: Features = {
    members: (e.MEMBERS ?? '1') === '1',
    payment: (e.PAYMENT ?? '1') === '1',
    medical: (e.MEDICAL_MODE ?? '1') === '1',
    secureFiles: e.SECURE_FILE_UPLOAD === undefined ? ALL_FEATURES.secureFiles : e.SECURE_FILE_UPLOAD === '1',
  };
  // PAYMENT=0 is payments off whatever the provider settings: the path every payment call already refuses.
  const payment: AppConfig['payment'] = !features.payment
    ? null
    : e.PAYMENT_PROVIDER_URL
    ? { kind: 'provider', url: e.PAYMENT_PROVIDER_URL, merchantId: e.PAYMENT_MERCHANT_ID as string, serviceId: e.PAYMENT_SERVICE_ID as string, hashKey: e.PAYMENT_HASH_KEY as string, refundUrl: e.PAYMENT_REFUND_URL ?? null }
    : sandbox
      ? { kind: 'local' }
      : null;
  return {
    port: e.PORT,
    host: e.HOST,
    production,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databaseSchema: e.DATABASE_SCHEMA || undefined,
    publicUrl,
    devIssuer,
    line: devIssuer
      ? {
          channelId: DEV_CHANNEL_ID,
          channelSecret: undefined,
          liffId: undefined,
          issuer: `${publicUrl}/dev`,
          authorizeUrl: `${publicUrl}/dev/oauth2/v2.1/authorize`,
          tokenUrl: `${publicUrl}/dev/oauth2/v2.1/token`,
          jwksUrl: `${publicUrl}/dev/oauth2/v2.1/certs`,
        }
      : {
          channelId: e.LINE_CHANNEL_ID as string,
          channelSecret: e.LINE_CHANNEL_SECRET,
          liffId: e.LIFF_ID,
          issuer: e.LINE_ISSUER,
          authorizeUrl: e.LINE_AUTHORIZE_URL,
          tokenUrl: e.LINE_TOKEN_URL,
          jwksUrl: e.LINE_JWKS_URL,
        },
    paymentProviderOrigin: e.PAYMENT_PROVIDER_ORIGIN ?? (e.PAYMENT_PROVIDER_URL ? new URL(e.PAYMENT_PROVIDER_URL).origin : undefined),
    payment,
    paymentHoldMinutes: e.PAYMENT_HOLD_MINUTES,
    paymentSweepSeconds: e.PAYMENT_SWEEP_SECONDS,
    maps: e.GOOGLE_MAPS_API_KEY
      ? { kind: 'google', apiKey: e.GOOGLE_MAPS_API_KEY, placesUrl: e.GOOGLE_PLACES_URL, geocodeUrl: e.GOOGLE_GEOCODE_URL }
      : DEV_ISSUER_NODE_ENVS.includes(nodeEnv)
        ? { kind: 'local' }
        : null,
    mapTiles: mapTilesOf(e.MAP_TILE_URL, e.MAP_TILE_ATTRIBUTION, DEV_ISSUER_NODE_ENVS.includes(nodeEnv)),
    loadDemo: (e.LOAD_DEMO ?? (sandbox ? '1' : '0')) === '1',
    bodyLimit: e.BODY_LIMIT,
    logRequests: e.LOG_REQUESTS === '1',
    checkCountsAtStart: e.CHECK_COUNTS_AT_START === '1',
    kioskIdleSeconds: e.KIOSK_IDLE_SECONDS,
    writeRateLimit: {
      perMinute: e.WRITE_RATE_LIMIT,
      // A kiosk is many visitors on one credential: ten residents' worth unless set.
      kioskPerMinute: e.KIOSK_WRITE_RATE_LIMIT ?? e.WRITE_RATE_LIMIT * KIOSK_WRITE_RATE_FACTOR,
    },
    jobs: { leaseSeconds: e.JOB_LEASE_SECONDS, pollMs: e.JOB_POLL_MS },
    externalUrlHosts: parseExternalUrlHosts(e.EXTERNAL_URL_HOSTS),
    files: {
      encryptionKey: e.FILE_ENCRYPTION_KEY,
      clamdSocket: e.CLAMD_SOCKET,
      builtinOnlyWarning: !sandbox && !e.CLAMD_SOCKET,
      signaturesFile: e.SCAN_SIGNATURES_FILE,
      urlSeconds: e.FILE_URL_SECONDS,
      scanLeaseSeconds: e.FILE_SCAN_LEASE_SECONDS,
      quotaMb: e.FILE_QUOTA_MB,
      s3: s3Of(e),
    },
    features,
    staff: {
      oidc: e.STAFF_OIDC_ISSUER
        ? { kind: 'issuer', issuer: e.STAFF_OIDC_ISSUER, clientId: e.STAFF_OIDC_CLIENT_ID as string, clientSecret: e.STAFF_OIDC_CLIENT_SECRET as string }
        : DEV_ISSUER_NODE_ENVS.includes(nodeEnv)
          ? { kind: 'dev' }
          : null,
      idleMinutes: e.STAFF_SESSION_IDLE_MINUTES,
      hours: e.STAFF_SESSION_HOURS,
      allowedCidrs: parseCidrs(e.STAFF_ALLOWED_CIDRS),
    },
    trustProxy: e.TRUST_PROXY === '1',
    lineMessaging: lineMessagingOf(e, sandbox, publicUrl),
    lineBotPrompt: e.LINE_BOT_PROMPT === 'off' ? null : e.LINE_BOT_PROMPT,
    distDir: path.resolve('dist'),
  };
};

/**
 * The first thing the page runs, as its own small `async` script in index.html: on /survey/{id}
 * with a stored session it starts the form config request at once, so on a slow link the config
 * arrives while the app's JavaScript is still downloading (the app picks the answer up through
 * src/lib/early-requests.ts and checks it against the contract as usual). On any page it also asks
 * IndexedDB whether the offline database exists, which the app would otherwise ask before its
 * first render (src/offline/presence.ts), and the browser takes tens of milliseconds to answer.
 *
 * It imports nothing: anything shared with the app would become a chunk this script waits for.
 * Hence the few literals below, which tests/client/early.test.ts compares with the real ones
 * (API path, session key, the database mark, the hand-over globals).
 */
import type { EarlyRequest } from './lib/early-requests';

/** index.html's JSON block (vite.config.ts earlyScript): item type → the files its chunk needs. Absent in dev. */
const ITEM_CHUNKS_ID = 'item-chunks';
/** index.html's JSON block: the Temporal polyfill's files (src/lib/temporal.ts). Absent in dev. */
const TEMPORAL_CHUNKS_ID = 'temporal-chunks';
/** index.html's JSON block: the app's files beyond its first chunk (src/main.tsx imports them). Absent in dev. */
const APP_CHUNKS_ID = 'app-chunks';

const modulePreload = (href: string): void => {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.appendChild(link);
};

/**
 * The form's item types loaded on demand (src/items/registry.ts) start downloading now, beside the
 * app's code, rather than once the app has run and read the config: on Slow 4G that is a round trip.
 */
const preloadItemChunks = (answer: unknown): void => {
  const block = document.getElementById(ITEM_CHUNKS_ID)?.textContent;
  const schema = (answer as { data?: { surveySchema?: unknown } } | null)?.data?.surveySchema;
  if (!block || !Array.isArray(schema)) return;
  const files = JSON.parse(block) as Record<string, string[]>;
  const wanted = new Set<string>();
  for (const item of schema as { type?: unknown }[]) {
    const type = item?.type;
    if (typeof type === 'string' && Object.hasOwn(files, type)) for (const f of files[type] as string[]) wanted.add(f);
  }
  for (const href of wanted) modulePreload(href);
};

/** Without a native Temporal (iOS) the app needs the polyfill before its first render: fetch it beside the app. */
const preloadTemporal = (): void => {
  if ('Temporal' in globalThis) return;
  const block = document.getElementById(TEMPORAL_CHUNKS_ID)?.textContent;
  if (!block) return;
  try {
    for (const href of JSON.parse(block) as string[]) modulePreload(href);
  } catch {
    // A broken block only loses the head start: the app imports the polyfill itself.
  }
};

/**
 * The app's chunk (router, screens) is what every page needs first but a form's page the server
 * rendered: fetch it beside the entry. On a form's page src/main.tsx imports it once the form is
 * hydrated: fetched and compiled during hydration, it made hydration as much slower as it saved.
 */
const preloadApp = (): void => {
  const block = document.getElementById(APP_CHUNKS_ID)?.textContent;
  if (!block) return;
  try {
    for (const href of JSON.parse(block) as string[]) modulePreload(href);
  } catch {
    // A broken block only loses the head start: the entry imports the app itself.
  }
};

/** The stored LINE session's id token while it is unexpired; null otherwise (the route then sends the resident to sign in). */
const validIdToken = (): string | null => {
  try {
    const idToken = (JSON.parse(localStorage.getItem('session') ?? 'null') as { idToken?: unknown } | null)?.idToken;
    if (typeof idToken !== 'string') return null;
    const payload = JSON.parse(atob((idToken.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' && payload.exp * 1000 > Date.now() ? idToken : null;
  } catch {
    return null;
  }
};

/** On <html> of a page the server rendered a form into (core/contract/form-page.ts SSR_FORM_ATTR). */
const SSR_FORM_ATTR = 'data-ssr-form';
/** On <html> as well when the page holds a form to hydrate (SSR_ISLAND_ATTR). */
const SSR_ISLAND_ATTR = 'data-ssr-island';
/** On the form until it is hydrated (PREHYDRATION_ATTR). */
const PREHYDRATION_ATTR = 'data-prehydration';

const isTextEntry = (t: Element): boolean =>
  t instanceof HTMLTextAreaElement || (t instanceof HTMLInputElement && !t.readOnly && !['radio', 'checkbox', 'button', 'submit', 'file'].includes(t.type));

/**
 * Before hydration the server's form is HTML only: its text fields take typing (the app keeps it,
 * src/ssr/replay.ts), but nothing may submit the form natively or change a choice React would not see.
 */
const holdFormUntilHydrated = (): void => {
  const stop = (e: Event) => {
    const t = e.target;
    if (!(t instanceof Element) || !t.closest(`[${PREHYDRATION_ATTR}]`)) return;
    if (e.type === 'submit' || (e.type === 'click' && !isTextEntry(t) && !t.closest('a'))) e.preventDefault();
    if (e.type === 'keydown' && !isTextEntry(t) && ((e as KeyboardEvent).key === ' ' || (e as KeyboardEvent).key === 'Enter')) e.preventDefault();
  };
  for (const type of ['submit', 'click', 'keydown']) document.addEventListener(type, stop, true);
};

/** core/contract/form-page.ts PAGE_PAINTED_KEY. */
const PAGE_PAINTED_KEY = '__sakuraPagePainted';

/**
 * Marks the first frame after the page is parsed: when the app's code arrives after it (a slow
 * link), the server's form is already painted and hydration need not wait a frame to show it.
 */
const markPaintedOnceParsed = (): void => {
  document.addEventListener(
    'readystatechange',
    () => requestAnimationFrame(() => ((globalThis as unknown as Record<string, boolean>)[PAGE_PAINTED_KEY] = true)),
    { once: true },
  );
};

const start = (): void => {
  const match = /^\/survey\/([^/]+)\/?$/.exec(location.pathname);
  const idToken = validIdToken();
  const root = document.documentElement;
  if (root.hasAttribute(SSR_FORM_ATTR)) {
    // Spec 01 §4: with no session the form is not shown; the app sends the visitor to sign in.
    if (!idToken) root.removeAttribute(SSR_FORM_ATTR);
    else {
      holdFormUntilHydrated();
      markPaintedOnceParsed();
    }
    // A form to hydrate comes first; a bed form's page has none, nor does a visitor with no session.
    if (!idToken || !root.hasAttribute(SSR_ISLAND_ATTR)) preloadApp();
    // The config is in the page: nothing to ask for.
    return;
  }
  preloadApp();
  if (!match || !idToken) return;
  let surveyId: string;
  try {
    surveyId = decodeURIComponent(match[1] as string);
  } catch {
    return;
  }
  const url = `/survey/api/v1/db/survey-configs/getItem?${new URLSearchParams({ surveyId }).toString()}`;
  const authorization = `Bearer ${idToken}`;
  const response = fetch(url, { headers: { Accept: 'application/json', Authorization: authorization }, credentials: 'same-origin' });
  // Offline, or never picked up: the app makes its own request; nothing to report from here.
  response
    .then((r) => (r.ok ? r.clone().json() : null))
    .then(preloadItemChunks)
    .catch(() => {});
  const global = globalThis as unknown as Record<string, EarlyRequest[] | undefined>;
  (global['__sakuraEarlyRequests'] ??= []).push({ url, authorization, startedAt: performance.now(), response });
};

/** Skipped when the database is known to exist (presence.ts then does not ask either). */
const probeOfflineDb = (): void => {
  try {
    if (localStorage.getItem('offlineDbCreated') === '1') return;
  } catch {
    return;
  }
  const factory = globalThis.indexedDB as IDBFactory | undefined;
  if (typeof factory?.databases !== 'function') return;
  const names = factory.databases().then(
    (list) => list.map((d) => d.name ?? ''),
    () => null,
  );
  (globalThis as unknown as Record<string, Promise<string[] | null>>)['__sakuraEarlyDbNames'] = names;
};

preloadTemporal();
start();
probeOfflineDb();

import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type Route } from '@playwright/test';
import { mulberry32 } from '../tests/prng';
import { formTaken, importIntoE2e, signInAsNewResident, waitForServiceWorker } from './support';
import { submissionFingerprint } from '../core/rules/completion-guard';

/**
 * Chaos run of issue 5 in real Chromium: 200 answers queued offline in the app's own outbox, then
 * replayed by the app's own code (its outbox, API client and retry rule, unchanged) through a
 * fault injector on the putItem calls, with the page reloaded 20 times while the outbox drains.
 * Every answer must be stored exactly once, none lost, and the outbox must end empty.
 * (tests/server/offline-chaos.test.ts is the Node-driven version of the same run.)
 *
 * - Data: a one-text-item appending form imported through the import CLI into the e2e server's
 *   database (as hostile-links.spec.ts does). Each answer's text is unique (run id + number).
 * - Queueing: the first UI_ANSWERS answers go through the UI offline (context.setOffline, fill,
 *   確認, 送信 → 端末に保存). Doing all 200 that way costs ~1.9 s each here (~6 min), so the rest
 *   are written into the app's IndexedDB outbox (database liff-forms, store outbox) from
 *   page.evaluate as copies of a row the app itself wrote: same fields (id = idempotency key,
 *   userId, endpoint, request.body {data, configVersion}, meta, fingerprint by core's
 *   submissionFingerprint, status queued, attempts 0, nextAttemptAt/createdAt/updatedAt, createdAt
 *   increasing), only the text, the id and the fingerprint differ. From then on only the app
 *   touches them.
 * - Fault injector (context.route on putItem, seeded PRNG, CHAOS_SEED replays a run's
 *   decisions): 15 % aborted before the server sees the request (connection reset), 15 % forwarded
 *   and then aborted (the server stored it, the answer is lost), 20 % answered 503
 *   `{ result: ERROR, code: unavailable, retryable: true }` (core/contract/envelope.ts), 5 %
 *   held for 5 s before forwarding, the rest forwarded.
 * - Time: the app's retry rule (503: 3 attempts, waits of 2 s and 4 s; network: one retry after
 *   1 s; outbox backoff 2 s, 4 s, 8 s …) makes a sequential drain of 200 answers take 7–10 minutes
 *   of mostly idle waiting (and the ~25 stalls another 2 minutes). The rule is not changed;
 *   instead the page runs on Playwright's clock (context.clock.install: real time keeps flowing)
 *   and the test moves that clock on (fastForward, 1 s at a time) only while the page is idle —
 *   no putItem of the current page in flight and none for 100 ms — so the app's own timers
 *   (retry waits, outbox backoff, its replay timer) fire sooner. While a request is in flight
 *   nothing skips time, except a stall: it holds the request while the page's clock moves on by
 *   5 s, so the page sees a 5 s stall (well under its 30 s per-attempt timeout) in ~0.5 s of real
 *   time. A stall whose page is reloaded under it waits the rest in real time and is then still
 *   forwarded (the server stores it; nobody hears the answer), racing the new page's resend of
 *   the same key. The clock survives reloads (Playwright replays it into each new document).
 * - Reloads: 20 page.reload() spread over the drain (one about every 9 deliveries): every other
 *   one lands inside the next stalled request, the others after a random 0–1.2 s. A page reloaded
 *   mid-send leaves its entry `sending`; the new page sends it again with the same key.
 * - Check: the server's answers through the API (survey-results/query as the resident): every
 *   text exactly once, one partitionKey each, 200 in all; the outbox holds 200 delivered rows and
 *   the header badge is gone, also after a last reload.
 */
const SURVEY = 'e2e-chaos';
const TOTAL = 200;
const UI_ANSWERS = 5;
const RELOADS = 20;
const PUT_ITEM = '**/survey/api/v1/db/survey-results/putItem';
/** How long the drain may take (real time) before the run fails with the outbox's state. */
const DRAIN_BOUND_MS = 300_000;
const SEED = Number(process.env['CHAOS_SEED'] ?? 20261123);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

test.beforeAll(() =>
  importIntoE2e({
    surveyConfigs: [
      {
        surveyId: SURVEY,
        surveyTitle: 'カオス試験',
        isAppending: { value: true },
        surveySchema: [{ itemKey: 'kotae', type: 'text', title: '回答' }],
      },
    ],
  }),
);

interface Row {
  id: string;
  userId: string;
  endpoint: string;
  request: { body: { data: { surveyId: string; itemKey: string; value: unknown }[]; configVersion?: number } };
  meta: { surveyId: string; title: string };
  fingerprint: string;
  status: string;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  updatedAt: number;
  lastError?: { status?: number; code?: string; message: string };
}

/** The app's outbox rows, read with plain IndexedDB (the app's Dexie database liff-forms). */
const outboxRows = (page: Page): Promise<Row[]> =>
  page.evaluate(
    () =>
      new Promise<Row[]>((resolve, reject) => {
        const open = indexedDB.open('liff-forms');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction('outbox').objectStore('outbox').getAll();
          req.onsuccess = () => {
            resolve(req.result as Row[]);
            db.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );

/** Adds rows to the app's outbox in one transaction, durable like the app's own writes. */
const addOutboxRows = (page: Page, rows: Row[]) =>
  page.evaluate(
    (rows) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('liff-forms');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('outbox', 'readwrite', { durability: 'strict' });
          const store = tx.objectStore('outbox');
          for (const r of rows) store.add(r);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    rows,
  );

const PENDING = ['queued', 'sending', 'needs-auth'];

test('chaos: 200 queued answers through drops, 503s, stalls and 20 reloads are each stored exactly once', async ({ page, context }) => {
  test.setTimeout(420_000);
  const started = Date.now();
  const runId = randomUUID().slice(0, 8);
  const textOf = (i: number) => `chaos-${runId}-${String(i).padStart(3, '0')}`;

  await context.clock.install();

  // Sign in through the dev issuer as a resident with no answers yet: the checks count them all.
  await signInAsNewResident(page, `/survey/${SURVEY}`, 'カオス 試験');
  await expect(page).toHaveURL(new RegExp(`/survey/${SURVEY}$`));
  await expect(page.getByTestId('survey-form')).toBeVisible();
  await waitForServiceWorker(page);

  // ---- Queue 200 answers with no network ---------------------------------------------------
  await context.setOffline(true);
  for (let i = 0; i < UI_ANSWERS; i++) {
    if (i > 0) await page.goto(`/survey/${SURVEY}`);
    // The kept page's form takes typing at once; the last answer's draft (kept until it is
    // delivered) fills it when the app takes it over, so the new text goes in after that.
    await formTaken(page);
    await page.locator('#f-kotae').fill(textOf(i));
    await page.getByTestId('submit-button').click();
    await page.getByTestId('send-button').click();
    await expect(page.getByTestId('survey-queued')).toContainText('通信できないため、回答は端末に保存されました。');
  }
  const made = (await outboxRows(page)).sort((a, b) => a.createdAt - b.createdAt);
  expect(made.map((r) => r.request.body.data[0]?.value)).toEqual(Array.from({ length: UI_ANSWERS }, (_, i) => textOf(i)));
  const template = made[made.length - 1] as Row;
  const t0 = await page.evaluate(() => Date.now());
  const firstCreated = Math.max(t0, template.createdAt + 1);
  const seeded: Row[] = [];
  for (let i = UI_ANSWERS; i < TOTAL; i++) {
    const data = template.request.body.data.map((row) => ({ ...row, value: textOf(i) }));
    const createdAt = firstCreated + (i - UI_ANSWERS);
    seeded.push({
      id: randomUUID(),
      userId: template.userId,
      endpoint: template.endpoint,
      request: { body: { ...template.request.body, data } },
      meta: template.meta,
      fingerprint: submissionFingerprint(SURVEY, undefined, data),
      status: 'queued',
      attempts: 0,
      nextAttemptAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
  }
  // The app's own fingerprint rule gives the same value for the rows it wrote.
  expect(submissionFingerprint(SURVEY, undefined, template.request.body.data)).toBe(template.fingerprint);
  await addOutboxRows(page, seeded);
  await page.reload();
  await expect(page.getByTestId('outbox-count')).toHaveText(`未送信 ${TOTAL}件`);
  const queuedAt = Date.now();

  // ---- Fault injector ----------------------------------------------------------------------
  const random = mulberry32(SEED);
  const stats = { requests: 0, droppedBefore: 0, droppedAfter: 0, unavailable: 0, stalled: 0, forwarded: 0, handlerErrors: 0 };
  /** Bumped at each reload: requests of a page that is gone do not count as in flight. */
  let generation = 0;
  const inFlight = new Map<number, number>();
  let lastActivity = Date.now();
  const handlers = new Set<Promise<void>>();
  let stallStarted: (() => void) | null = null;
  let reloading = false;
  const track = (gen: number, delta: number) => {
    inFlight.set(gen, (inFlight.get(gen) ?? 0) + delta);
    lastActivity = Date.now();
  };
  const injector = async (route: Route) => {
    const gen = generation;
    track(gen, 1);
    const r = random();
    stats.requests += 1;
    const done = (async () => {
      try {
        if (r < 0.15) {
          stats.droppedBefore += 1;
          await route.abort('connectionreset');
        } else if (r < 0.3) {
          // The server stores the answer; its reply is lost on the way back.
          stats.droppedAfter += 1;
          await route.fetch();
          await route.abort('connectionreset');
        } else if (r < 0.5) {
          stats.unavailable += 1;
          await route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ result: 'ERROR', code: 'unavailable', errorMessage: 'Service Unavailable', retryable: true }),
          });
        } else if (r < 0.55) {
          stats.stalled += 1;
          stallStarted?.();
          // 5 s of the page's time with the request in flight: the page's clock is moved on by
          // 5 s while the request is held (nothing else skips time while a request is in
          // flight). Once the page is reloaded under it, the rest is waited in real time.
          for (let s = 0; s < 5; s++) {
            if (gen === generation && !reloading) {
              await context.clock.fastForward(1_000).catch(() => sleep(1_000));
              await sleep(80);
            } else {
              await sleep(1_000);
            }
          }
          // Forwarded even when the page died meanwhile (a proxy does not know): the server stores it.
          const res = await route.fetch();
          await route.fulfill({ response: res });
        } else {
          stats.forwarded += 1;
          const res = await route.fetch();
          await route.fulfill({ response: res });
        }
      } catch {
        // The page was reloaded under this request and Playwright refused to answer it.
        stats.handlerErrors += 1;
      } finally {
        track(gen, -1);
      }
    })();
    handlers.add(done);
    await done;
    handlers.delete(done);
  };
  await context.route(PUT_ITEM, injector);

  // ---- Drain, with the clock skipped through idle waits and 20 reloads ---------------------
  let skippedMs = 0;
  let draining = true;
  const skipper = (async () => {
    while (draining) {
      const busy = (inFlight.get(generation) ?? 0) > 0 || Date.now() - lastActivity < 100;
      if (!busy && !reloading) {
        try {
          await context.clock.fastForward(1_000);
          skippedMs += 1_000;
        } catch {
          // A navigation raced the evaluation: try again on the next round.
        }
      }
      await sleep(20);
    }
  })();

  const pendingCount = async (): Promise<number | null> => {
    try {
      return (await outboxRows(page)).filter((r) => PENDING.includes(r.status)).length;
    } catch {
      return null;
    }
  };

  await context.setOffline(false);
  const reloadRandom = mulberry32(SEED ^ 0x5eed);
  let reloads = 0;
  let reloadsInFlight = 0;
  let pending: number | null = TOTAL;
  const drainStart = Date.now();
  let nextThreshold = 9 + Math.floor(reloadRandom() * 3);
  /** Progress for the failure message: seconds into the drain, entries pending, reloads so far. */
  const timeline: string[] = [];
  let lastLogged: number | null = null;
  while (Date.now() - drainStart < DRAIN_BOUND_MS) {
    pending = await pendingCount();
    if (pending === 0) break;
    if (pending !== null && (lastLogged === null || lastLogged - pending >= 10)) {
      timeline.push(`${Math.round((Date.now() - drainStart) / 1000)}s:${pending}p/${reloads}r/${inFlight.get(generation) ?? 0}f`);
      lastLogged = pending;
    }
    if (pending !== null && reloads < RELOADS && TOTAL - pending >= nextThreshold) {
      if (reloads % 2 === 0) {
        // Half of the reloads hit a stalled request (the next one to come, waited for at most 5 s).
        await Promise.race([
          new Promise<void>((resolve) => {
            stallStarted = resolve;
          }),
          sleep(5_000),
        ]);
        stallStarted = null;
        await sleep(Math.floor(reloadRandom() * 200));
      } else {
        await sleep(Math.floor(reloadRandom() * 1_200));
      }
      if ((inFlight.get(generation) ?? 0) > 0) reloadsInFlight += 1;
      reloading = true;
      generation += 1;
      try {
        await page.reload();
      } finally {
        reloading = false;
      }
      reloads += 1;
      nextThreshold = reloads * 9 + 9 + Math.floor(reloadRandom() * 3);
      continue;
    }
    await sleep(100);
  }
  const drainMs = Date.now() - drainStart;
  draining = false;
  await skipper;
  const rowsAtEnd = await outboxRows(page);
  const notDelivered = rowsAtEnd.filter((r) => r.status !== 'delivered');
  // On failure, a summary rather than 200 rows: which states the rest are in, and how the drain went.
  const byStatus: Record<string, number> = {};
  for (const r of notDelivered) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const summary = {
    byStatus,
    first: notDelivered.slice(0, 3).map((r) => ({ text: r.request.body.data[0]?.value, status: r.status, attempts: r.attempts, lastError: r.lastError })),
    progress: timeline.join(' '),
    reloads,
    skippedMs,
    ...stats,
  };
  expect(notDelivered.length, `outbox not drained within ${DRAIN_BOUND_MS} ms: ${JSON.stringify(summary)}`).toBe(0);
  expect(rowsAtEnd).toHaveLength(TOTAL);
  expect(reloads).toBe(RELOADS);

  // Requests of pages that are gone (stalled ones) reach the server before counting.
  await Promise.allSettled([...handlers]);
  await context.unrouteAll({ behavior: 'wait' });

  // ---- Every answer stored exactly once ----------------------------------------------------
  const raw = await page.evaluate(() => localStorage.getItem('session'));
  const idToken = raw ? (JSON.parse(raw) as { idToken?: string }).idToken : undefined;
  expect(idToken).toBeTruthy();
  const res = await page.request.post('/survey/api/v1/db/survey-results/query', {
    data: { surveyId: SURVEY },
    headers: { Authorization: `Bearer ${idToken}` },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { result: string; data: { partitionKey: string; itemKey: string; value: unknown }[] };
  expect(body.result).toBe('OK');
  const byText = new Map<string, Set<string>>();
  for (const row of body.data) {
    if (row.itemKey !== 'kotae' || typeof row.value !== 'string' || !row.value.startsWith(`chaos-${runId}-`)) continue;
    const parts = byText.get(row.value) ?? new Set<string>();
    parts.add(row.partitionKey);
    byText.set(row.value, parts);
  }
  const expected = Array.from({ length: TOTAL }, (_, i) => textOf(i));
  const missing = expected.filter((t) => !byText.has(t));
  const twice = [...byText].filter(([, parts]) => parts.size !== 1).map(([t, parts]) => `${t} ×${parts.size}`);
  const rowsPerText = body.data.filter((r) => r.itemKey === 'kotae' && typeof r.value === 'string' && r.value.startsWith(`chaos-${runId}-`)).length;
  expect(missing, 'answers lost').toEqual([]);
  expect(twice, 'answers stored twice').toEqual([]);
  expect(rowsPerText, 'one stored row per answer').toBe(TOTAL);
  expect(new Set(body.data.map((r) => r.partitionKey)).size).toBe(TOTAL);

  // The badge is gone, and stays gone after a reload (nothing re-sent); the reloaded page shows the
  // last answer's completion, which its address names.
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('survey-complete')).toBeVisible();
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0);

  // The injector really was hostile.
  expect(stats.droppedBefore + stats.droppedAfter).toBeGreaterThan(0);
  expect(stats.unavailable).toBeGreaterThan(0);
  expect(stats.stalled).toBeGreaterThan(0);
  console.info(
    JSON.stringify({
      chaos: {
        seed: SEED,
        ...stats,
        reloads,
        reloadsWithRequestInFlight: reloadsInFlight,
        attemptsPerEntry: rowsAtEnd.reduce((n, r) => n + r.attempts, 0) / TOTAL,
        clockSkippedSeconds: skippedMs / 1000,
        queueSeconds: Math.round((queuedAt - started) / 100) / 10,
        drainSeconds: Math.round(drainMs / 100) / 10,
        totalSeconds: Math.round((Date.now() - started) / 100) / 10,
        progress: timeline.join(' '),
      },
    }),
  );
});

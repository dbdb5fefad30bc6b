/**
 * The server side of the reservation benchmark, run as its own process (`tsx
 * bench/reservation-server.ts sqlite|postgres`) so the load generator does not share its event
 * loop or its core. Starts the real server with the test fixture clinic, sets the benchmark's
 * quotas, mints tokens, prints one JSON line {url, tokens, hotDay, days} and serves until killed.
 */
import { importBundle } from '../server/forms/import';
import { startTestServer } from '../tests/server/harness';
import { bundle, day } from '../tests/server/reservation-fixture';
import type { Engine } from '../server/store/open';

const engine = (process.argv[2] ?? 'sqlite') as Engine;
const USERS = Number(process.argv[3] ?? 400);
export const HOT_QUOTA = 1500;
const SLOTS = ['1', '2', '3', '4', '5'];

const srv = await startTestServer(engine);
await importBundle(srv.deps.store, bundle(), 'bench');
// One hot slot (day 15, slot 1) and 100 slots (days 1–20 × 5) with room for everyone. Not today:
// today's slots stop being bookable once their start time has come.
const days = Array.from({ length: 20 }, (_, i) => day(i + 1));
await importBundle(
  srv.deps.store,
  {
    slotQuotas: [
      ...days.map((date) => ({ calendarId: 'cal-b', date, slots: Object.fromEntries(SLOTS.map((s) => [s, 100_000])) })),
      { calendarId: 'cal-b', date: day(15), slots: { '1': HOT_QUOTA } },
    ],
  },
  'bench-quotas',
);
const tokens = await Promise.all(Array.from({ length: USERS }, (_, i) => srv.token(`U-bench-${i}`, { expiresInSeconds: 3600 })));
process.stdout.write(`${JSON.stringify({ url: srv.url, tokens, hotDay: day(15), days, slots: SLOTS })}\n`);
const stop = async () => {
  await srv.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

/**
 * The console's reads at size (issue 57): a form of 8-row answers (a reservation, a searchable
 * name and phone, checkboxes, text) grown in steps to 1,000,000 answers on PostgreSQL and 100,000
 * on SQLite, and at each step the p95 over real HTTP, as a signed-in admin, of the answers list's
 * first page, a filtered page (one status, a 30-day received range and a searchable name typed in
 * full width) and the last page reached by keyset; and the day sheet of a calendar with 2,000
 * bookings that day (every answer books a day; 2,000 a day). Each read writes its audit row, as in
 * use. Rows are seeded straight into the tables in one transaction per batch, made by the write
 * path's own rowsToStore, so they hold what a putItem stores. One JSON line per engine and step.
 * CONSOLE_BENCH_ANSWERS (e.g. `10000,100000`) sets the steps for both engines.
 */
import { sql } from 'kysely';
import { engines, startTestServer, type TestServer } from '../tests/server/harness';
import { makeStaff, signIn, staffFetch } from '../tests/server/staff-fixture';
import { importBundle } from '../server/forms/import';
import { findSurveyConfig } from '../server/store/configs';
import { rowsToStore } from '../server/answers/write/rows';
import { encodeCursor } from '../server/answers/answer-list';
import type { ReservationTable } from '../server/store/schema';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import type { CheckStatus } from '@core/contract/result-rows';
import type { Engine } from '../server/store/open';
import { todayInTokyo } from '@core/ja/date-input';
import { toFullWidthAscii } from '@core/ja/width';
import { benchEngines, halfHourComas, percentile, r1 } from './lib';

const SURVEY = 'bench-console';
const CALENDAR = 'cal-console';
const SLOTS = 10;
const PER_DAY = 2000;
const NAMES = 1000;
const RUNS = 30;
const BATCH = 5000;
/** One answer every 30 s from New Year 2025: 2,880 a day, 347 days for a million. */
const BASE = Date.parse('2025-01-01T00:00:00Z');
const STEP_MS = 30_000;
const STATUSES: CheckStatus[] = ['未対応', '未対応', '未対応', '未対応', '未対応', '対応中', '対応中', '対応済', '完了', '保留'];

const stepsOf = (engine: Engine): number[] => {
  const env = process.env['CONSOLE_BENCH_ANSWERS'];
  if (env) return env.split(',').map(Number);
  return engine === 'postgres' ? [10_000, 100_000, 1_000_000] : [10_000, 100_000];
};

const comaList = halfHourComas(SLOTS);
const bundleOf = (days: string[]) => ({
  surveyConfigs: [
    {
      surveyId: SURVEY,
      surveyTitle: '管理画面ベンチ',
      isAppending: { value: true },
      surveySchema: [
        { itemKey: 'yoyaku', type: 'reservation', title: '予約' },
        { itemKey: 'shimei', type: 'text', title: '氏名', isSearchable: { value: true } },
        { itemKey: 'denwa', type: 'phone', title: '電話番号', isSearchable: { value: true } },
        { itemKey: 'topics', type: 'checkboxes', title: '相談内容', options: ['子育て', '福祉', '防災'] },
        { itemKey: 'q0', type: 'text', title: '質問0' },
        { itemKey: 'q1', type: 'text', title: '質問1' },
        { itemKey: 'memo', type: 'text', title: 'メモ' },
      ],
    },
  ],
  calendars: [{ sortKey: CALENDAR, calendarName: '管理外来', calendarOff: 0, comaList }],
  categoriesTree: [{ id: 'cons', name: '外来', children: [{ id: 'cons-a', name: '一般', calendarId: CALENDAR, items: [{ itemId: 'i1', itemName: '受付', cost: 1 }] }] }],
  slotQuotas: days.map((date) => ({ calendarId: CALENDAR, date, slots: Object.fromEntries(Object.keys(comaList).map((k) => [k, PER_DAY / SLOTS])) })),
});

interface Answer {
  pk: string;
  at: string;
}
const answerOf = (n: number): Answer => ({ pk: `${SURVEY}#Uc${n}#${BASE + n * STEP_MS}`, at: new Date(BASE + n * STEP_MS).toISOString() });
const nameOf = (n: number) => `さくら 太郎${n % NAMES}`;
const statusOf = (n: number) => STATUSES[Math.floor(n / 7) % STATUSES.length] as CheckStatus;

/** Answers [from, to) as the write path stores them, with their reservations. */
const seed = async (srv: TestServer, config: ServedSurveyConfig, days: string[], from: number, to: number) => {
  for (let start = from; start < to; start += BATCH) {
    const rows: ReturnType<typeof rowsToStore> = [];
    const reservations: ReservationTable[] = [];
    for (let n = start; n < Math.min(to, start + BATCH); n++) {
      const { pk, at } = answerOf(n);
      const userId = `Uc${n}`;
      const day = days[Math.floor(n / PER_DAY)] as string;
      const slot = String(1 + (n % SLOTS));
      const values: [string, string][] = [
        ['yoyaku', `cons-a_i1|${day}|${slot}`],
        ['shimei', nameOf(n)],
        ['denwa', `090${String(n).padStart(8, '0')}`],
        ['topics', '子育て'],
        ...(n % 2 ? ([['topics', '福祉']] as [string, string][]) : []),
        ['q0', `回答 ${n} の内容`],
        ['q1', n % 3 ? 'はい' : 'いいえ'],
        ['memo', `電話で確認 ${n % 97}`],
      ];
      rows.push(
        ...rowsToStore({
          config,
          rows: values.map(([itemKey, value]) => ({ surveyId: SURVEY, itemKey, value })),
          partitionKey: pk,
          user: { userId, name: undefined },
          appending: true,
          answerCode: String(100_000 + n),
          createdAt: at,
          now: at,
          status: null,
          office: null,
          check: statusOf(n),
        }),
      );
      reservations.push({ partition_key: pk, item_key: 'yoyaku', survey_id: SURVEY, user_id: userId, calendar_id: CALENDAR, category_id: 'cons-a', item_id: 'i1', day, slot, cost: 1, created_at: at });
    }
    await srv.deps.store.write(async (trx) => {
      for (let i = 0; i < rows.length; i += 1000) await trx.insertInto('survey_results').values(rows.slice(i, i + 1000)).execute();
      for (let i = 0; i < reservations.length; i += 2000) await trx.insertInto('reservations').values(reservations.slice(i, i + 2000)).execute();
    });
  }
  // Each day's slots hold what its bookings take.
  const lastDay = Math.ceil(to / PER_DAY);
  await srv.deps.store.write((trx) =>
    trx.updateTable('slots').set({ reserved: PER_DAY / SLOTS }).where('calendar_id', '=', CALENDAR).where('day', 'in', days.slice(Math.floor(from / PER_DAY), lastDay)).execute(),
  );
};

const p95Of = async (runs: number, call: (i: number) => Promise<{ status: number; json: any }>, check: (json: any) => void) => {
  // The warm-up call may meet a kept-alive socket the server closed while the seed held its loop.
  check((await call(-1).catch(() => call(-1))).json);
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = await call(i);
    ms.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`answered ${r.status}: ${JSON.stringify(r.json).slice(0, 300)}`);
  }
  ms.sort((a, b) => a - b);
  return { p50: r1(percentile(ms, 50)), p95: r1(percentile(ms, 95)) };
};

export const runConsoleBench = async (): Promise<void> => {
  for (const engine of benchEngines(engines())) {
    const steps = stepsOf(engine);
    const top = Math.max(...steps);
    const today = todayInTokyo();
    const days = Array.from({ length: Math.ceil(top / PER_DAY) }, (_, i) => today.add({ days: i + 1 }).toString());
    const srv = await startTestServer(engine);
    try {
      await importBundle(srv.deps.store, bundleOf(days), 'bench');
      const config = (await findSurveyConfig(srv.deps.store.db, SURVEY)) as ServedSurveyConfig;
      const cookie = await signIn(srv, await makeStaff(srv.deps.store, { role: 'admin' }));
      const get = (path: string) => staffFetch(srv, 'GET', path, { cookie });
      let seeded = 0;
      for (const size of steps) {
        const t0 = performance.now();
        await seed(srv, config, days, seeded, size);
        const seedSeconds = (performance.now() - t0) / 1000;
        seeded = size;
        // Statistics, as autovacuum keeps them for a form grown over months (seconds-old rows have none).
        if (engine === 'postgres') await sql`analyze`.execute(srv.deps.store.db);
        const list = `/forms/${SURVEY}/answers?col=shimei&col=denwa&col=yoyaku`;
        const firstPage = await p95Of(RUNS, () => get(list), (j) => {
          if (j.data.answers.length !== 50) throw new Error(`first page held ${j.data.answers.length}`);
        });
        // 未対応, received in January 2025 (Tokyo), named さくら 太郎k typed in full width and spaced.
        const filtered = (i: number) =>
          `${list}&status=${encodeURIComponent('未対応')}&from=2025-01-01&to=2025-01-30&item=${encodeURIComponent(`shimei|${toFullWidthAscii(`さくら\u3000太郎${(i + NAMES) % NAMES}`)}`)}`;
        const filteredPage = await p95Of(RUNS, (i) => get(filtered(i)), (j) => {
          if (j.data.answers.length === 0) throw new Error('the filtered page found nothing');
        });
        // Newest first, the cursor of the 51st oldest answer: the page holds the 50 oldest.
        const cursor = encodeCursor('newest', { partitionKey: answerOf(50).pk, createdAt: answerOf(50).at });
        const lastPage = await p95Of(RUNS, () => get(`${list}&cursor=${cursor}`), (j) => {
          if (j.data.answers.length !== 50 || j.data.next !== null) throw new Error(`last page held ${j.data.answers.length}, next ${j.data.next}`);
        });
        const daySheet = await p95Of(RUNS, () => get(`/calendars/${CALENDAR}/day-sheet?date=${days[0]}`), (j) => {
          const n = (j.data.slots as { bookings: unknown[] }[]).reduce((s, x) => s + x.bookings.length, 0);
          if (n !== PER_DAY) throw new Error(`day sheet held ${n} bookings`);
        });
        console.log(
          JSON.stringify({ bench: 'console', engine, answers: size, rows: size * 8.5, seedSeconds: r1(seedSeconds), runs: RUNS, firstPage, filteredPage, lastPage, daySheet, goalP95: 150 }),
        );
      }
    } finally {
      await srv.stop();
    }
  }
};

/**
 * Exports (issue 57): 200,000 answers of a 20-item form (a reservation, checkboxes, text) exported
 * as CSV and as XLSX over real HTTP by a signed-in admin, read to the end as a browser would:
 * rows per second and the server process's peak RSS growth while it streams (sampled every 50 ms;
 * the server runs in this process). Goal: CSV ≥ 20,000 rows/s, RSS growth ≤ 200 MB. One JSON line
 * per engine and format. EXPORT_BENCH_ANSWERS changes the count, EXPORT_BENCH_FORMAT=csv|xlsx runs one format. The CPU this process (server and
 * reader) and PostgreSQL's processes spent per answer tells a slower export from a busier machine:
 * `cpuRowsPerSecond` is what the busier of the two would allow on a core of its own.
 */
import { sql } from 'kysely';
import { engines, startTestServer } from '../tests/server/harness';
import { makeStaff, signIn } from '../tests/server/staff-fixture';
import { importBundle } from '../server/forms/import';
import { searchKeyColumn } from '../server/store/search-key';
import type { SurveyResultTable } from '../server/store/schema';
import { STAFF_PREFIX } from '@core/contract/define';
import { todayInTokyo } from '@core/ja/date-input';
import { benchEngines, cpuSeconds, r1 } from './lib';

const ANSWERS = Number(process.env['EXPORT_BENCH_ANSWERS'] ?? 200_000);
const TEXT_ITEMS = 18;
const BATCH_ROWS = 3000;

const bundleOf = (day: string) => ({
  surveyConfigs: [
    {
      surveyId: 'bench-export',
      surveyTitle: '出力ベンチ',
      surveySchema: [
        { itemKey: 'yoyaku', type: 'reservation', title: '予約' },
        { itemKey: 'topics', type: 'checkboxes', title: '相談内容', options: ['子育て', '福祉', '防災'] },
        ...Array.from({ length: TEXT_ITEMS }, (_, i) => ({ itemKey: `q${i}`, type: 'text', title: `質問${i}` })),
      ],
    },
  ],
  calendars: [{ sortKey: 'cal-x', calendarName: '出力外来', calendarOff: 0, comaList: { '1': { start: '09:00', end: '09:30' }, '2': { start: '09:30', end: '10:00' } } }],
  categoriesTree: [{ id: 'x', name: '内科', children: [{ id: 'x-a', name: '一般', calendarId: 'cal-x', items: [{ itemId: 'i1', itemName: '受付', cost: 1 }] }] }],
  slotQuotas: [{ calendarId: 'cal-x', date: day, slots: { '1': 1_000_000, '2': 1_000_000 } }],
});

const seed = async (store: Awaited<ReturnType<typeof startTestServer>>['deps']['store'], day: string) => {
  const base = Date.parse('2026-01-01T00:00:00Z');
  let rows: SurveyResultTable[] = [];
  const flush = async () => {
    const chunk = rows;
    rows = [];
    await store.write(async (trx) => {
      for (let i = 0; i < chunk.length; i += 1000) await trx.insertInto('survey_results').values(chunk.slice(i, i + 1000)).execute();
    });
  };
  for (let n = 0; n < ANSWERS; n++) {
    const userId = `Ux${n}`;
    const pk = `bench-export#${userId}#${n}`;
    const at = new Date(base + n * 1000).toISOString();
    const row = (itemKey: string, sortKey: string, value: string): SurveyResultTable => ({
      partition_key: pk, sort_key: sortKey, survey_id: 'bench-export', user_id: userId, item_key: itemKey, value, title: itemKey, type: 'liff',
      check_status: n % 5 === 0 ? '対応中' : '未対応', user_search_key: null, is_liff_mode: 1, registrant_name: 'LINEユーザー', user_name: null, clinic_attributes: null,
      answer_code: String(100000 + n), is_appending: 0, status: null, created_at: at, updated_at: at,
      // The write path's key (its items' types fold as text does).
      search_key: searchKeyColumn(value, undefined),
    });
    rows.push(row('yoyaku', 'yoyaku', `x-a_i1|${day}|${1 + (n % 2)}`), row('topics', 'topics#0', '子育て'), row('topics', 'topics#1', '福祉'));
    for (let i = 0; i < TEXT_ITEMS; i++) rows.push(row(`q${i}`, `q${i}`, i === 0 ? `住民 ${n}, "様"` : `回答 ${i} の内容 ${n}`));
    if (rows.length >= BATCH_ROWS * 10) await flush();
  }
  await flush();
};

export const runExportBench = async (): Promise<void> => {
  const day = todayInTokyo().add({ days: 3 }).toString();
  for (const engine of benchEngines(engines())) {
    const srv = await startTestServer(engine);
    try {
      const t0 = performance.now();
      await importBundle(srv.deps.store, bundleOf(day), 'bench');
      await seed(srv.deps.store, day);
      const seedSeconds = (performance.now() - t0) / 1000;
      // Statistics, as autovacuum keeps them for a form that grew over months: rows loaded seconds
      // ago have none, and PostgreSQL then plans the export's range reads as sorts of the whole rest.
      if (engine === 'postgres') await sql`analyze`.execute(srv.deps.store.db);
      const cookie = await signIn(srv, await makeStaff(srv.deps.store, { role: 'admin' }));
      const columns = ['yoyaku', 'topics', ...Array.from({ length: TEXT_ITEMS }, (_, i) => `q${i}`)].map((k) => `col=${k}`).join('&');
      for (const format of (['csv', 'xlsx'] as const).filter((f) => !process.env['EXPORT_BENCH_FORMAT'] || f === process.env['EXPORT_BENCH_FORMAT'])) {
        global.gc?.();
        const before = process.memoryUsage().rss;
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
        const cpu0 = { node: process.cpuUsage(), postgres: cpuSeconds((_pid, comm) => comm.startsWith('postgres')) };
        const started = performance.now();
        const res = await fetch(`${srv.url}${STAFF_PREFIX}/forms/bench-export/answers/export?format=${format}&${columns}`, { headers: { cookie } });
        if (res.status !== 200 || !res.body) throw new Error(`export ${format} answered ${res.status}`);
        let bytes = 0;
        let lines = 0;
        for await (const chunk of res.body) {
          bytes += chunk.byteLength;
          if (format === 'csv') for (const b of chunk) if (b === 0x0a) lines++;
        }
        const seconds = (performance.now() - started) / 1000;
        clearInterval(sampler);
        const nodeCpu = ((u) => (u.user + u.system) / 1e6)(process.cpuUsage(cpu0.node));
        const pgAfter = cpuSeconds((_pid, comm) => comm.startsWith('postgres'));
        // Every PostgreSQL process on the machine: other work on it counts too, so an upper bound.
        const pgCpu = engine === 'postgres' && pgAfter !== null && cpu0.postgres !== null ? pgAfter - cpu0.postgres : 0;
        peak = Math.max(peak, process.memoryUsage().rss);
        // CSV: header line + one line per answer + the in-cell newline none of these values hold.
        if (format === 'csv' && lines !== ANSWERS + 1) throw new Error(`CSV held ${lines - 1} rows, not ${ANSWERS}`);
        console.log(
          JSON.stringify({
            bench: 'export', engine, format, answers: ANSWERS, items: TEXT_ITEMS + 2, seedSeconds: r1(seedSeconds), seconds: r1(seconds),
            rowsPerSecond: Math.round(ANSWERS / seconds), cpuMsPer1000: { node: r1((nodeCpu * 1e6) / ANSWERS), postgres: r1((pgCpu * 1e6) / ANSWERS) },
            cpuRowsPerSecond: Math.round(ANSWERS / Math.max(nodeCpu, pgCpu)), megabytes: r1(bytes / 1e6), rssGrowthMB: r1((peak - before) / 1e6),
            goal: { csvRowsPerSecond: 20000, rssGrowthMB: 200 },
          }),
        );
      }
    } finally {
      await srv.stop();
    }
  }
};

/**
 * The day sheet (issue 57): GET /staff/calendars/:calendarId/day-sheet of a calendar with 2,000
 * bookings that day (10 slots × 200, a 10-item form, one answer in three marked), among 20,000
 * bookings over ten days, over real HTTP as a signed-in admin; goal p95 ≤ 150 ms. Each read also
 * writes its answer.list audit row, as in use. One JSON line per engine.
 */
import { engines, startTestServer } from '../tests/server/harness';
import { makeStaff, signIn, staffFetch } from '../tests/server/staff-fixture';
import { importBundle } from '../server/forms/import';
import { searchKeyColumn } from '../server/store/search-key';
import type { ArrivalTable, ReservationTable, SurveyResultTable } from '../server/store/schema';
import { todayInTokyo } from '@core/ja/date-input';
import { benchEngines, halfHourComas, percentile } from './lib';

const SLOTS = 10;
const PER_SLOT = 200;
const DAYS = 10;
const RUNS = 40;
const EXTRA_ITEMS = 8;

const comaList = halfHourComas(SLOTS);
const bundleOf = (days: string[]) => ({
  surveyConfigs: [
    {
      surveyId: 'bench-day',
      surveyTitle: '日程表ベンチ',
      surveySchema: [
        { itemKey: 'yoyaku', type: 'reservation', title: '予約' },
        { itemKey: 'shimei', type: 'text', title: '氏名' },
        ...Array.from({ length: EXTRA_ITEMS }, (_, i) => ({ itemKey: `q${i}`, type: 'text', title: `質問${i}` })),
      ],
    },
  ],
  calendars: [{ sortKey: 'cal-bench', calendarName: 'ベンチ外来', calendarOff: 0, comaList }],
  categoriesTree: [{ id: 'bench', name: 'ベンチ', children: [{ id: 'bench-a', name: '一般', calendarId: 'cal-bench', items: [{ itemId: 'i1', itemName: '受付', cost: 1 }] }] }],
  slotQuotas: days.map((date) => ({ calendarId: 'cal-bench', date, slots: Object.fromEntries(Object.keys(comaList).map((k) => [k, PER_SLOT])) })),
});

export const runDaySheetBench = async (): Promise<void> => {
  const today = todayInTokyo();
  const days = Array.from({ length: DAYS }, (_, i) => today.add({ days: i }).toString());
  for (const engine of benchEngines(engines())) {
    const srv = await startTestServer(engine);
    try {
      const store = srv.deps.store;
      await importBundle(store, bundleOf(days), 'bench');
      const admin = await makeStaff(store, { role: 'admin' });
      const now = new Date().toISOString();
      let n = 0;
      for (const day of days) {
        for (let slot = 1; slot <= SLOTS; slot++) {
          const results: SurveyResultTable[] = [];
          const reservations: ReservationTable[] = [];
          const arrivals: ArrivalTable[] = [];
          for (let k = 0; k < PER_SLOT; k++, n++) {
            const userId = `Ubench${n}`;
            const pk = `bench-day#${userId}#${n}`;
            const row = (itemKey: string, value: string): SurveyResultTable => ({
              partition_key: pk, sort_key: itemKey, survey_id: 'bench-day', user_id: userId, item_key: itemKey, value, title: itemKey, type: 'liff',
              check_status: '未対応', user_search_key: null, is_liff_mode: 1, registrant_name: 'LINEユーザー', user_name: null, clinic_attributes: null,
              answer_code: String(100000 + n), is_appending: 0, status: null, created_at: now, updated_at: now,
              // The write path's key (its items' types fold as text does).
              search_key: searchKeyColumn(value, undefined),
            });
            results.push(row('yoyaku', `bench-a_i1|${day}|${slot}`), row('shimei', `ベンチ ${n}`), ...Array.from({ length: EXTRA_ITEMS }, (_, i) => row(`q${i}`, `回答 ${i} の内容`)));
            reservations.push({ partition_key: pk, item_key: 'yoyaku', survey_id: 'bench-day', user_id: userId, calendar_id: 'cal-bench', category_id: 'bench-a', item_id: 'i1', day, slot: String(slot), cost: 1, created_at: now });
            if (n % 3 === 0) arrivals.push({ partition_key: pk, item_key: 'yoyaku', calendar_id: 'cal-bench', day, slot: String(slot), mark: 'arrived', marked_at: now, staff_id: admin.id });
          }
          await store.write(async (trx) => {
            for (let i = 0; i < results.length; i += 500) await trx.insertInto('survey_results').values(results.slice(i, i + 500)).execute();
            for (let i = 0; i < reservations.length; i += 500) await trx.insertInto('reservations').values(reservations.slice(i, i + 500)).execute();
            if (arrivals.length > 0) await trx.insertInto('arrivals').values(arrivals).execute();
            await trx.updateTable('slots').set({ reserved: PER_SLOT }).where('calendar_id', '=', 'cal-bench').where('day', '=', day).where('slot', '=', String(slot)).execute();
          });
        }
      }
      const cookie = await signIn(srv, admin);
      const path = `/calendars/cal-bench/day-sheet?date=${days[1]}`;
      const first = await staffFetch(srv, 'GET', path, { cookie });
      const bookings = (first.json.data.slots as { bookings: unknown[] }[]).reduce((s, x) => s + x.bookings.length, 0);
      if (first.status !== 200 || bookings !== SLOTS * PER_SLOT) throw new Error(`day sheet answered ${first.status} with ${bookings} bookings`);
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const r = await staffFetch(srv, 'GET', path, { cookie });
        ms.push(performance.now() - t0);
        if (r.status !== 200) throw new Error(`day sheet ${r.status}`);
      }
      ms.sort((a, b) => a - b);
      const r2 = (x: number) => Math.round(x * 100) / 100;
      console.log(JSON.stringify({ bench: 'day-sheet', engine, bookingsThatDay: bookings, bookingsInAll: n, runs: RUNS, p50: r2(percentile(ms, 50)), p95: r2(percentile(ms, 95)), max: r2(ms[ms.length - 1] as number), goalP95: 150 }));
    } finally {
      await srv.stop();
    }
  }
};

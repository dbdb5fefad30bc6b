/**
 * `npm run bench`: every benchmark, one JSON line of figures each. `npm run bench -- api` (or
 * `reservation`, `renderer`, `offline`, `wire`, `first-chunk`, `day-sheet`, `export`, `console`, `line-reminders`, `surveyjs`) runs one.
 */
import { runApiBench } from './api.bench';
import { runConsoleBench } from './console.bench';
import { runDaySheetBench } from './day-sheet';
import { runExportBench } from './export.bench';
import { runFirstChunkBench } from './first-chunk.bench';
import { runLineRemindersBench } from './line-reminders.bench';
import { runOfflineBench } from './offline.bench';
import { runRendererBench } from './renderer.bench';
import { runReservationBench } from './reservation.bench';
import { runSurveyJsBench } from './surveyjs.bench';
import { runWireBench } from './wire.bench';

const all: Record<string, () => Promise<void>> = {
  api: runApiBench,
  reservation: runReservationBench,
  renderer: runRendererBench,
  offline: runOfflineBench,
  wire: runWireBench,
  'first-chunk': runFirstChunkBench,
  'day-sheet': runDaySheetBench,
  export: runExportBench,
  console: runConsoleBench,
  'line-reminders': runLineRemindersBench,
  surveyjs: runSurveyJsBench,
};
const wanted = process.argv.slice(2);
for (const name of wanted) if (!all[name]) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(all).join(', ')}`);

if (!process.env['TEST_DATABASE_URL']) {
  console.error('TEST_DATABASE_URL unset: database benchmarks run on SQLite only (set it to postgres://… for PostgreSQL figures)');
}
for (const [name, run] of Object.entries(all)) {
  if (wanted.length === 0 || wanted.includes(name)) await run();
}

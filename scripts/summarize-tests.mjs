// Adds up the Vitest and Playwright JSON reports into the closing line "N passed, N failed".
// A stage that failed without a test failing (type check, lint, a crashed runner) counts as one
// failure, so the line can never read clean when the run was not.
import fs from 'node:fs';

const [failedStageCount, ...failedStages] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : null);

const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}
let e2eFailed = 0;
const e2e = read('reports/e2e.json');
if (e2e?.stats) {
  passed += e2e.stats.expected ?? 0;
  e2eFailed = (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2eFailed;
  skipped += e2e.stats.skipped ?? 0;
}
const testFailures = failed;
// Stages whose failure is not already counted as failed tests.
const extra = failedStages.filter((s) => {
  if (s.startsWith('vitest')) return testFailures - e2eFailed === 0;
  if (s.startsWith('end-to-end (')) return e2eFailed === 0;
  return true;
}).length;
failed += extra;
console.log('');
if (Number(failedStageCount) > 0) console.log(`failed stages: ${failedStages.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

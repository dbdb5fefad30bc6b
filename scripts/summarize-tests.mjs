// Adds up the Vitest and Playwright JSON reports into the closing line "N passed, N failed".
// A stage that failed without a test failing (type check, lint, a crashed runner) counts as one
// failure, so the line can never read clean when the run was not.
import fs from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const [failedStageCount, ...failedStages] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : null);

// CI keeps only the tail of the log, so the tail names what failed or never finished.
const notes = [];
const firstLine = (text) => String(text ?? '').split('\n').find((l) => l.trim()) ?? '';

const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  for (const file of vitest.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    if (file.status === 'failed' && file.message) notes.push(`vitest ${where}: ${firstLine(file.message)}`);
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') notes.push(`vitest ${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      // A test still "pending" in a finished run never finished: its worker stopped under it.
      else if (t.status === 'pending') notes.push(`vitest ${where} › ${t.fullName}: did not finish`);
    }
  }
}
let e2eFailed = 0;
const e2e = read('reports/e2e.json');
if (e2e?.stats) {
  passed += e2e.stats.expected ?? 0;
  e2eFailed = (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2eFailed;
  skipped += e2e.stats.skipped ?? 0;
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((r) => r.error)?.error?.message;
          notes.push(`e2e ${file} › ${spec.title} (${test.status}): ${firstLine(error)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of e2e.suites ?? []) walk(suite, suite.file ?? suite.title);
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
// Colour codes in assertion messages would garble the plain CI log.
for (const note of notes) console.log(stripVTControlCharacters(note).slice(0, 300));
if (Number(failedStageCount) > 0) console.log(`failed stages: ${failedStages.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

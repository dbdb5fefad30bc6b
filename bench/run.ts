/** `npm run bench`: every benchmark, one JSON line of figures each. */
import { runApiBench } from './api.bench';

if (!process.env['TEST_DATABASE_URL']) {
  console.error('TEST_DATABASE_URL unset: PostgreSQL figures are skipped (set it to postgres://…)');
}
await runApiBench();

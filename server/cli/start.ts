/**
 * `npm start`: builds the PWA when dist/ is missing or older than its sources, then runs the
 * server (which migrates the database and loads the demo forms on first start).
 */
import { buildIfStale } from './build';
import { runMain } from '../main';

buildIfStale();
await runMain();

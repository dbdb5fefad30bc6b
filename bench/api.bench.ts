/**
 * API baseline: reading a form config and storing appending answers over real HTTP, on SQLite and
 * (when TEST_DATABASE_URL is set) PostgreSQL. Prints one JSON line per engine.
 */
import { engines, startTestServer } from '../tests/server/harness';
import { importBundleFile } from '../server/forms/import';
import { load } from './lib';

export const runApiBench = async (): Promise<void> => {
  for (const engine of engines()) {
    const srv = await startTestServer(engine);
    try {
      await importBundleFile(srv.deps.store, 'demo/bundle.json');
      const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => srv.token(`Ubench${i}`)));
      const getItem = await load(2000, 20, async (i) => {
        const r = await srv.api('GET', '/survey-configs/getItem?surveyId=sodai-gomi', { token: tokens[i % 50] as string });
        return r.status === 200;
      });
      const cfg = (await srv.api('GET', '/survey-configs/getItem?surveyId=sodai-gomi', { token: tokens[0] as string })).json;
      const firstText = cfg.data.surveySchema.find((it: { type: string }) => it.type === 'text');
      const putItem = await load(1000, 20, async (i) => {
        const r = await srv.api('POST', '/survey-results/putItem', {
          token: tokens[i % 50] as string,
          body: { data: [{ surveyId: 'sodai-gomi', itemKey: firstText.itemKey, value: `ベンチ ${i}` }] },
        });
        return r.status === 200;
      });
      console.log(JSON.stringify({ bench: 'api', engine, concurrency: 20, getItem, putItemAppending: putItem }));
    } finally {
      await srv.stop();
    }
  }
};

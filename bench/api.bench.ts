/**
 * API baseline: reading a form config and storing appending answers over real HTTP, on SQLite and
 * (when TEST_DATABASE_URL is set) PostgreSQL. Prints one JSON line per engine.
 */
import { engines, startTestServer } from '../tests/server/harness';
import { importBundleFile } from '../server/forms/import';
import { benchEngines, load } from './lib';
import { todayInTokyo } from '@core/ja/date-input';

export const runApiBench = async (): Promise<void> => {
  for (const engine of benchEngines(engines())) {
    const srv = await startTestServer(engine);
    try {
      await importBundleFile(srv.deps.store, 'demo/bundle.json');
      const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => srv.token(`Ubench${i}`)));
      const getItem = await load(2000, 20, async (i) => {
        const r = await srv.api('GET', '/survey-configs/getItem?surveyId=sodai-gomi', { token: tokens[i % 50] as string });
        return r.status === 200;
      });
      // A complete, valid answer to the demo's appending form: the server validates every answer.
      const answer = (i: number) =>
        Object.entries({
          name: `ベンチ ${i}`,
          name_kana: 'ベンチ',
          phone: '0312345678',
          postcode: '1000001',
          address: '東京都千代田区千代田1-1',
          count: '1',
          wish_date: `${todayInTokyo().add({ days: 14 }).toString()} 午前`,
        })
          .map(([itemKey, value]) => ({ surveyId: 'sodai-gomi', itemKey, value }))
          .concat([{ surveyId: 'sodai-gomi', itemKey: 'items', value: 'ソファ' }]);
      const probe = await srv.api('POST', '/survey-results/putItem', { token: tokens[0] as string, body: { data: answer(-1) } });
      if (probe.status !== 200) throw new Error(`the benchmark's answer is refused: ${JSON.stringify(probe.json)}`);
      const putItem = await load(1000, 20, async (i) => {
        const r = await srv.api('POST', '/survey-results/putItem', { token: tokens[i % 50] as string, body: { data: answer(i) } });
        return r.status === 200;
      });
      console.log(JSON.stringify({ bench: 'api', engine, concurrency: 20, getItem, putItemAppending: putItem }));
    } finally {
      await srv.stop();
    }
  }
};

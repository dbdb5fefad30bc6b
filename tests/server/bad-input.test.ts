import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness';
import { importBundle } from '../../server/forms/import';

const bundle = {
  surveyConfigs: [
    {
      surveyId: 'toiawase',
      surveyTitle: 'お問い合わせ',
      surveySchema: [
        { itemKey: 'name', type: 'text', title: 'お名前', isSearchable: { value: true } },
        { itemKey: 'body', type: 'textarea', title: '内容' },
      ],
    },
    { surveyId: 'other', surveyTitle: '別のフォーム', surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前' }] },
  ],
};

const row = (extra: Record<string, unknown> = {}) => ({ surveyId: 'toiawase', itemKey: 'name', value: '山田', ...extra });

for (const engine of engines()) {
  describe(`bad input (${engine})`, () => {
    let srv: TestServer;
    let token: string;

    const countRows = async () =>
      Number(
        (await srv.deps.store.db.selectFrom('survey_results').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n,
      );
    /** Sends a bad putItem and checks the refusal: status, error envelope, the field named, nothing written. */
    const refused = async (opts: { body?: unknown; rawBody?: string }, status: number, path?: string | RegExp) => {
      const before = await countRows();
      const r = await srv.api('POST', '/survey-results/putItem', { token, ...opts });
      expect(r.status).toBe(status);
      expect(r.json).toMatchObject({ result: 'ERROR', errorMessage: expect.any(String), code: expect.any(String) });
      if (path !== undefined) {
        const paths = (r.json.issues ?? []).map((i: { path: string }) => i.path);
        expect(paths.some((p: string) => (typeof path === 'string' ? p === path : path.test(p)))).toBe(true);
      }
      expect(await countRows()).toBe(before);
      return r;
    };

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, bundle, 'fixture');
      token = await srv.token('U-bad-input');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('malformed JSON', async () => {
      await refused({ rawBody: '{"data": [' }, 400, 'body');
    });

    it('wrong types', async () => {
      await refused({ body: { data: 'not a list' } }, 400, 'body.data');
      await refused({ body: { data: [row({ value: 123 })] } }, 400, 'body.data.0.value');
      await refused({ body: { data: [row({ isLiffMode: 'yes' })] } }, 400, 'body.data.0.isLiffMode');
      await refused({ body: { data: [row()], configVersion: 'one' } }, 400, 'body.configVersion');
      await refused({ body: [row()] }, 400);
    });

    it('a 1 MB string value', async () => {
      const r = await refused({ body: { data: [row({ value: 'あ'.repeat(1024 * 1024) })] } }, 400, 'body.data.0.value');
      expect(JSON.stringify(r.json).length).toBeLessThan(10_000);
    });

    it('missing fields', async () => {
      await refused({ body: {} }, 400, 'body.data');
      await refused({ body: { data: [] } }, 400, 'body.data');
      await refused({ body: { data: [{ itemKey: 'name', value: 'x' }] } }, 400, 'body.data.0.surveyId');
      await refused({ body: { data: [{ surveyId: 'toiawase', value: 'x' }] } }, 400, 'body.data.0.itemKey');
      await refused({ body: { data: [{ surveyId: 'toiawase', itemKey: 'name' }] } }, 400, 'body.data.0.value');

      const q = await srv.api('GET', '/survey-configs/getItem', { token });
      expect(q.status).toBe(400);
      expect(q.json.issues.map((i: { path: string }) => i.path)).toContain('query.surveyId');
      const c = await srv.api('POST', '/survey-results/cancelItem', { token, body: { surveyId: 'toiawase' } });
      expect(c.status).toBe(400);
      expect(c.json.issues.map((i: { path: string }) => i.path)).toContain('body.partitionKey');
    });

    it('an unknown surveyId, an unknown itemKey, rows of two surveys', async () => {
      const r = await refused({ body: { data: [row({ surveyId: 'no-such-survey' })] } }, 404);
      expect(r.json).toMatchObject({ code: 'not_found', errorMessage: 'no survey config.' });
      await refused({ body: { data: [row(), row({ itemKey: 'nope' })] } }, 400, 'data.1.itemKey');
      await refused({ body: { data: [row(), row({ surveyId: 'other' })] } }, 400, 'data.1.surveyId');
      await refused({ body: { data: [row(), row({ value: '二回目' })] } }, 400, 'data.1.itemKey');
      // A key that names no answer starts one (spec 01 §3 rows); another's, or a misshapen one, is refused.
      await refused({ body: { data: [row({ partitionKey: 'toiawase#U-someone-else' })] } }, 404);
      await refused({ body: { data: [row({ partitionKey: 'toiawase#U-bad-input#1700000000000' })] } }, 400, 'data.0.partitionKey');
      await refused({ body: { data: [row({ partitionKey: 'other#U-bad-input' })] } }, 400, 'data.0.partitionKey');

      const read = await srv.api('POST', '/survey-results/query', { token, body: { surveyId: 'no-such-survey' } });
      expect(read.status).toBe(404);
      expect(read.json.errorMessage).toBe('no survey config.');
      const filter = await srv.api('POST', '/survey-results/filterQuery', {
        token,
        body: { queryParams: { surveyId: 'toiawase', conditions: { body: 'x' } } },
      });
      expect(filter.status).toBe(400);
      expect(filter.json.issues[0].path).toBe('queryParams.conditions.body');
    });

    it('an unknown API path answers 404 JSON', async () => {
      for (const [method, p] of [
        ['GET', '/no-such-call'],
        ['POST', '/survey-results/noSuchCall'],
        ['DELETE', '/survey-results/putItem'],
      ] as const) {
        const r = await srv.api(method, p, { token });
        expect(r.status).toBe(404);
        expect(r.json).toMatchObject({ result: 'ERROR', code: 'not_found' });
      }
    });

    it('a valid answer after all this is still accepted', async () => {
      const r = await srv.api('POST', '/survey-results/putItem', { token, body: { data: [row()] } });
      expect(r.status).toBe(200);
      expect(await countRows()).toBe(1);
    });
  });
}

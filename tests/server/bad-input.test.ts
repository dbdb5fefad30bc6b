import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness';
import { importBundle } from '../../server/forms/import';
import { MAX_JSON_DEPTH, UNUSABLE_CHARACTER_KEY, UNUSABLE_CHARACTER_TEXT } from '@core/contract/input';

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
      expect(r.json).toMatchObject({ code: 'survey_not_found', errorMessage: 'no survey config.' });
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
        expect(r.json).toMatchObject({ result: 'ERROR', code: 'no_such_call' });
      }
    });

    it('NUL and unpaired surrogates in a value: 400 naming the field, nothing written', async () => {
      for (const value of ['山田\u0000太郎', '\ud800', 'x\ud83dy', '\udc00', 'x\ude00']) {
        const r = await refused({ body: { data: [row({ value: '無事' }), row({ itemKey: 'body', value })] } }, 400, 'body.data.1.value');
        expect(r.json).toMatchObject({ code: 'unusable_character', errorMessage: UNUSABLE_CHARACTER_TEXT });
        expect(r.json.issues).toEqual([{ path: 'body.data.1.value', message: UNUSABLE_CHARACTER_KEY }]);
      }
      // Each bad field is named; a key of an object is text too.
      const many = await refused({ body: { data: [row({ value: '\u0000', title: '\ud800' })], ['ex\u0000tra']: 1 } }, 400);
      expect(many.json.issues.map((i: { path: string }) => i.path)).toEqual(['body.data.0.value', 'body.data.0.title', 'body.ex\ufffdtra']);
    });

    it('NUL in a path parameter and in the query of the unauthenticated calendar reads', async () => {
      const query = await srv.api('GET', '/calendars/schedule/cal?start_day=2030-01-01%00&end_day=2030-01-07');
      expect(query.status).toBe(400);
      expect(query.json).toMatchObject({ code: 'unusable_character', errorMessage: UNUSABLE_CHARACTER_TEXT, issues: [{ path: 'query.start_day', message: 'charAll' }] });
      const tag = await srv.api('GET', '/calendars/categories?tag1=a%00b');
      expect(tag.status).toBe(400);
      expect(tag.json.issues).toEqual([{ path: 'query.tag1', message: 'charAll' }]);
      const param = await srv.api('GET', '/calendars/info/cal%00a');
      expect(param.status).toBe(400);
      expect(param.json.issues).toEqual([{ path: 'params.id', message: 'charAll' }]);
      const authed = await srv.api('GET', `/survey-configs/getItem?surveyId=${encodeURIComponent('toiawase\u0000')}`, { token });
      expect(authed.json.issues).toEqual([{ path: 'query.surveyId', message: 'charAll' }]);
    });

    it('JSON nested 10,000 levels deep in order: 400 before anything walks it, nothing written', async () => {
      const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
      const r = await refused({ rawBody: `{"data":[${JSON.stringify(row())}],"order":${deep}}` }, 400, new RegExp(`^body\\.order(\\.a){${MAX_JSON_DEPTH - 1}}$`));
      expect(r.json.issues).toHaveLength(1);
      // With a key, as the outbox sends it: the fingerprint used to recurse through it (500).
      const keyed = await srv.api('POST', '/survey-results/putItem', { token, rawBody: `{"data":[${JSON.stringify(row())}],"extra":[${deep}]}`, headers: { 'Idempotency-Key': 'deep-1' } });
      expect(keyed.status).toBe(400);
      const arrays = await refused({ rawBody: `${'['.repeat(100_000)}${']'.repeat(100_000)}` }, 400);
      expect(arrays.json.issues[0].path).toMatch(/^body(\.0)+$/);
      // At the limit the guard lets it through (the schema refuses it); one more level, the guard.
      const atLimit = await srv.api('POST', '/survey-results/putItem', { token, rawBody: `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}` });
      expect(atLimit.status).toBe(400);
      expect(atLimit.json.issues[0].path).toBe('body');
      const over = await srv.api('POST', '/survey-results/putItem', { token, rawBody: `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}` });
      expect(over.json.issues[0].path).toBe(`body${'.0'.repeat(MAX_JSON_DEPTH)}`);
    });

    it('invalid UTF-8 is read as U+FFFD, stored and answered as such; a surrogate pair is fine', async () => {
      const bytes = Buffer.concat([
        Buffer.from(`{"data":[${JSON.stringify(row({ value: 'PLACEHOLDER' }))}]}`.split('PLACEHOLDER')[0] as string),
        Buffer.from([0xff, 0xed, 0xa0, 0x80]),
        Buffer.from('😀"}]}'),
      ]);
      const res = await srv.fetch('/survey/api/v1/db/survey-results/putItem', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: bytes,
      });
      expect(res.status).toBe(200);
      const answered = (await res.json()) as { data: { value: string }[]; partitionKey: string };
      expect(answered.data[0]?.value).toBe('\ufffd\ufffd\ufffd\ufffd😀');
      const stored = await srv.deps.store.db.selectFrom('survey_results').select('value').where('partition_key', '=', answered.partitionKey).execute();
      expect(stored.map((s) => s.value)).toEqual(['\ufffd\ufffd\ufffd\ufffd😀']);
      await srv.deps.store.db.deleteFrom('survey_results').execute();
    });

    it('a valid answer after all this is still accepted', async () => {
      const r = await srv.api('POST', '/survey-results/putItem', { token, body: { data: [row()] } });
      expect(r.status).toBe(200);
      expect(await countRows()).toBe(1);
    });
  });
}

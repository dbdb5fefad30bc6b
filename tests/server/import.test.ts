import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, engines, startTestServer, type TestServer } from './harness';
import {
  BundleError,
  DEMO_BUNDLE_FILE,
  importBundle,
  importBundleFile,
  loadDemoIfEmpty,
} from '../../server/forms/import';
import { openStore } from '../../server/store/open';
import { surveyConfigSchema } from '../../core/form/survey-config';
import { ITEM_TYPES } from '../../core/form/item-types';

const config = (surveyId: string, extra: Record<string, unknown> = {}) => ({
  surveyId,
  surveyTitle: `${surveyId} のフォーム`,
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', isSearchable: { value: true } },
    { itemKey: 'kind', type: 'radio', title: '種別', options: ['個人', '法人'] },
  ],
  ...extra,
});

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'import-test-'));
const writeJson = (name: string, value: unknown) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
};

const thrown = async (p: Promise<unknown>): Promise<BundleError> => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(BundleError);
    return e as BundleError;
  }
  throw new Error('expected a BundleError');
};

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

for (const engine of engines()) {
  describe(`forms import (${engine})`, () => {
    let srv: TestServer;

    const counts = async () => {
      const db = srv.deps.store.db;
      const n = async (t: 'survey_configs' | 'survey_results' | 'counters') =>
        Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
      return { configs: await n('survey_configs'), results: await n('survey_results'), counters: await n('counters') };
    };
    const versions = async () =>
      Object.fromEntries(
        (await srv.deps.store.db.selectFrom('survey_configs').select(['survey_id', 'version']).execute()).map((r) => [r.survey_id, Number(r.version)]),
      );

    beforeAll(async () => {
      srv = await startTestServer(engine);
    });
    afterAll(async () => {
      await srv?.stop();
    });

    const DEMO_FORMS = [
      'all-items',
      'clinic-yoyaku',
      'fuhou-toki',
      'kaiin-yoyaku',
      'kakaritsuke-touroku',
      'kenko-survey',
      'nyuin-koshitsu',
      'nyuin-yoyaku',
      'sesshu-shiharai',
      'shoumei-kofu',
      'sodai-gomi',
      'soudan-yoyaku-shoukai',
      'yoshinhyo',
    ];
    it('loads the demo bundle into an empty database, and only then', async () => {
      const summary = await loadDemoIfEmpty(srv.deps.store);
      expect(summary?.created.sort()).toEqual(DEMO_FORMS);
      expect(summary?.memberConfigs).toBe(1);
      expect(summary?.paymentServices).toBe(1);
      expect(await loadDemoIfEmpty(srv.deps.store)).toBeNull();
    });

    it('the demo bundle re-imports unchanged and its forms are served', async () => {
      const summary = await importBundleFile(srv.deps.store, DEMO_BUNDLE_FILE);
      expect(summary).toMatchObject({ created: [], updated: [], memberConfigs: 0 });
      expect(summary?.unchanged.sort()).toEqual(DEMO_FORMS);
      expect(summary.calendars).toBe(3);
      const token = await srv.token('U-import');
      const r = await srv.api('GET', '/survey-configs/getItem?surveyId=all-items', { token });
      expect(r.status).toBe(200);
      expect(r.json.data).toMatchObject({ surveyTitle: '全項目サンプル', version: 1 });
      const searchable = await srv.api('GET', '/survey-configs/getAllSearchable', { token });
      expect(searchable.json.data.map((c: { surveyId: string }) => c.surveyId)).toContain('sodai-gomi');
    });

    it('imports a valid bundle: new configs at version 1', async () => {
      const file = writeJson('valid.json', { surveyConfigs: [config('form-a'), config('form-b')] });
      expect(await importBundleFile(srv.deps.store, file)).toEqual({ created: ['form-a', 'form-b'], updated: [], unchanged: [], calendars: 0, slots: 0, dayOffs: 0, paymentServices: 0, memberConfigs: 0, bedWards: 0, bedNightsKept: [] });
      expect(await versions()).toMatchObject({ 'form-a': 1, 'form-b': 1 });
    });

    it('re-importing the same configs (any key order) changes nothing', async () => {
      const before = await versions();
      const reordered = { surveyConfigs: [config('form-b'), config('form-a')].map((c) => Object.fromEntries(Object.entries(c).reverse())) };
      expect(await importBundle(srv.deps.store, reordered, 'reordered.json')).toMatchObject({ created: [], updated: [], unchanged: ['form-b', 'form-a'] });
      expect(await versions()).toEqual(before);
    });

    it('a changed config goes to version 2; the others stay', async () => {
      const summary = await importBundle(srv.deps.store, { surveyConfigs: [config('form-a', { description: '説明を追加' }), config('form-b')] }, 'v2.json');
      expect(summary).toMatchObject({ created: [], updated: ['form-a'], unchanged: ['form-b'] });
      expect(await versions()).toMatchObject({ 'form-a': 2, 'form-b': 1 });
      const token = await srv.token('U-import');
      const r = await srv.api('GET', '/survey-configs/getItem?surveyId=form-a', { token });
      expect(r.json.data).toMatchObject({ version: 2, description: '説明を追加' });
    });

    it('refuses a bad bundle whole, listing file, JSON path and reason for every problem', async () => {
      const before = await counts();
      const versionsBefore = await versions();
      const bad = {
        surveyConfigs: [
          config('form-new'),
          config('form-a', { surveyTitle: '変更されるはずのない題' }),
          {
            surveyId: 'form-bad',
            surveyTitle: '壊れたフォーム',
            surveySchema: [
              { itemKey: 'q1', type: 'text', title: '一' },
              { itemKey: 'q2', type: 'txet', title: '二' },
              { itemKey: 'q1', type: 'text', title: '重複' },
            ],
          },
        ],
        surveyConfig: [],
      };
      const file = writeJson('bad.json', bad);
      const e = await thrown(importBundleFile(srv.deps.store, file));
      expect(e.problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: surveyConfigs\\[2\\]\\.surveySchema\\[1\\]\\.type: "txet" is not allowed`)),
          `${file}: surveyConfigs[2].surveySchema[2].itemKey: itemKey q1 が重複しています`,
          `${file}: surveyConfig: unknown key (not part of a bundle)`,
        ]),
      );
      expect(e.message.split('\n')).toEqual(e.problems);
      expect(await counts()).toEqual(before);
      expect(await versions()).toEqual(versionsBefore);
    });

    it('refuses each problem on its own too: duplicate itemKey, misspelt key, duplicate surveyId', async () => {
      const before = await counts();
      const dup = await thrown(
        importBundle(srv.deps.store, { surveyConfigs: [config('form-dup', { surveySchema: [{ itemKey: 'x', type: 'text' }, { itemKey: 'x', type: 'number' }] })] }, 'dup.json'),
      );
      expect(dup.problems).toEqual(['dup.json: surveyConfigs[0].surveySchema[1].itemKey: itemKey x が重複しています']);
      const typo = await thrown(importBundle(srv.deps.store, { surveyConfig: [config('form-typo')] }, 'typo.json'));
      expect(typo.problems).toEqual(['typo.json: surveyConfig: unknown key (not part of a bundle)']);
      const twice = await thrown(importBundle(srv.deps.store, { surveyConfigs: [config('form-x'), config('form-x')] }, 'twice.json'));
      expect(twice.problems).toEqual(['twice.json: surveyConfigs[1].surveyId: surveyId form-x が重複しています']);
      const missing = await thrown(importBundle(srv.deps.store, { surveyConfigs: [{ surveyId: 'form-m', surveySchema: [] }] }, 'missing.json'));
      expect(missing.problems[0]).toMatch(/^missing\.json: surveyConfigs\[0\]\.surveyTitle: /);
      expect(await counts()).toEqual(before);
    });

    it('an unreadable file or invalid JSON is a BundleError naming the file', async () => {
      const before = await counts();
      const broken = writeJson('broken.json', '{ "surveyConfigs": [ { "surveyId": "x", } ] }');
      const e1 = await thrown(importBundleFile(srv.deps.store, broken));
      expect(e1.problems).toHaveLength(1);
      expect(e1.problems[0]).toMatch(new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\$: invalid JSON`));
      const absent = path.join(tmp, 'absent.json');
      const e2 = await thrown(importBundleFile(srv.deps.store, absent));
      expect(e2.problems[0]).toContain(`${absent}: $: cannot read the file (ENOENT)`);
      expect(await counts()).toEqual(before);
    });
  });
}

describe('demo bundle', () => {
  it('passes surveyConfigSchema and its sample form uses every type the first renderer handles', () => {
    const json = JSON.parse(fs.readFileSync(DEMO_BUNDLE_FILE, 'utf8')) as { surveyConfigs: unknown[] };
    const configs = json.surveyConfigs.map((c) => surveyConfigSchema.parse(c));
    const byId = new Map(configs.map((c) => [c.surveyId, c]));
    expect(byId.get('kenko-survey')?.isAppending?.value).not.toBe(true);
    const gomi = byId.get('sodai-gomi');
    expect(gomi?.isAppending?.value).toBe(true);
    expect(gomi?.isDisplayAnswerCode?.value).toBe(true);
    expect(Array.isArray(gomi?.endOfSurveyMessage)).toBe(true);
    expect(gomi?.surveySchema.filter((i) => i.isSearchable?.value).map((i) => i.itemKey)).toEqual(['name', 'phone']);
    const sample = byId.get('all-items');
    const wanted = ['text', 'textarea', 'paragraph', 'number', 'email', 'phone', 'postcode', 'address', 'radio', 'dropdown', 'suggest', 'date', 'dateWithSession', 'datepicker', 'birthday', 'dateDropdown', 'checkboxes', 'choiceGroupHeader', 'linearScale', 'groupHeader', 'linkButton', 'search', 'code15'];
    expect(wanted.every((t) => (ITEM_TYPES as readonly string[]).includes(t))).toBe(true);
    expect(new Set(sample?.surveySchema.map((i) => i.type))).toEqual(new Set(wanted));
    expect(sample?.surveySchema.some((i) => i.displayCondition)).toBe(true);
    expect(sample?.surveySchema.some((i) => i.isRequired?.value)).toBe(true);
  });
});

describe('forms:import CLI (sqlite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const run = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' };
    delete env['DATABASE_URL'];
    delete env['LINE_CHANNEL_ID'];
    return spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/cli/import.ts', ...args], { env, encoding: 'utf8', timeout: 60_000 });
  };

  it('imports a file (exit 0), reports unchanged on a second run, and refuses a bad one (exit 1)', { timeout: 120_000 }, async () => {
    const good = writeJson('cli-good.json', { surveyConfigs: [config('cli-form')] });
    const first = run('--', good);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('新規 / created:     1 (cli-form)');

    const second = run(good);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('変更なし / unchanged: 1 (cli-form)');

    const badFile = writeJson('cli-bad.json', { surveyConfigs: [config('cli-form-2', { surveySchema: [{ itemKey: 'a', type: 'nope' }] })] });
    const bad = run(badFile);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(`${badFile}: surveyConfigs[0].surveySchema[0].type: "nope" is not allowed`);

    const usage = run();
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain('forms:import');

    const store = await openStore({ dataDir });
    try {
      const rows = await store.db.selectFrom('survey_configs').select(['survey_id', 'version']).execute();
      expect(rows.map((r) => [r.survey_id, Number(r.version)])).toEqual([['cli-form', 1]]);
    } finally {
      await store.close();
    }
  });
});

describe.runIf(process.env['TEST_DATABASE_URL'])('forms:import CLI (postgres)', () => {
  const schema = `import_cli_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  afterAll(() => dropSchema(schema));

  it('imports into the schema DATABASE_SCHEMA names, where the server reads', { timeout: 120_000 }, async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: process.env['TEST_DATABASE_URL'], DATABASE_SCHEMA: schema, NODE_ENV: 'development' };
    delete env['LINE_CHANNEL_ID'];
    const file = writeJson('cli-pg.json', { surveyConfigs: [config('cli-pg-form')] });
    const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/cli/import.ts', file], { env, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const store = await openStore({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'import-cli-pg-')), databaseUrl: process.env['TEST_DATABASE_URL'], pgSchema: schema });
    try {
      const rows = await store.db.selectFrom('survey_configs').select('survey_id').execute();
      expect(rows.map((r) => r.survey_id)).toEqual(['cli-pg-form']);
    } finally {
      await store.close();
    }
  });
});

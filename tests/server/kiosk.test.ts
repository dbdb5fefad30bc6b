/**
 * Kiosk tablets (core/contract/kiosk.ts) on both engines, against the real server over HTTP with
 * the demo bundle: enrolment from the command line (server/cli/kiosk.ts, run against the server's
 * own database while it runs), the one-time code, the credential, what a kiosk may and may not
 * call, and its answers — stored per visitor under a user id beginning with I, with the kiosk's
 * name kept as user_name, reservations and idempotency as for a resident.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, type EndpointDef } from '@core/contract/define';
import { endpoints } from '@core/contract';
import {
  KIOSK_CODE_INVALID_TEXT,
  KIOSK_FORBIDDEN_TEXT,
  KIOSK_REVOKED_TEXT,
} from '@core/contract/kiosk';
import { todayInTokyo } from '@core/ja/date-input';
import { engines, startTestServer, type TestServer } from './harness';
import { DEMO_BUNDLE_FILE, importBundle, importBundleFile } from '../../server/forms/import';
import { runKiosk } from '../../server/cli/kiosk';
import { hashSecret } from '../../server/auth/kiosk';
import { loadConfig } from '../../server/config';

const CLINIC = { surveyId: 'clinic-yoyaku', surveyTitle: 'さくら市民クリニック 診療予約' };
const KENKO = { surveyId: 'kenko-survey', surveyTitle: 'さくら市 健康づくりアンケート' };

/** Forms a kiosk cannot take for their items (server/auth/kiosk-forms.ts); the demo has none. */
const PHOTO_FORM = 'kiosk-photo';
const FILE_FORM = 'kiosk-files';
/** A form a kiosk takes until it is imported again with a photo item. */
const changingForm = (withPhoto: boolean) => ({
  surveyId: 'kiosk-changing',
  surveyTitle: '受付票',
  surveySchema: [
    { itemKey: 'shimei', type: 'text', title: 'お名前' },
    ...(withPhoto ? [{ itemKey: 'photo', type: 'image', title: '保険証の写真' }] : []),
  ],
});
const fileForms = [
  {
    surveyId: PHOTO_FORM,
    surveyTitle: '写真つき申請',
    surveySchema: [
      { itemKey: 'shimei', type: 'text', title: 'お名前' },
      { itemKey: 'photo', type: 'image', title: '写真' },
    ],
  },
  { surveyId: FILE_FORM, surveyTitle: '書類の提出', surveySchema: [{ itemKey: 'docs', type: 'secureFiles', title: '保険証など' }] },
];

const kenkoAnswer = (extra: Record<string, unknown> = {}) => ({
  data: [
    { surveyId: 'kenko-survey', itemKey: 'age_group', value: '30代', ...extra },
    { surveyId: 'kenko-survey', itemKey: 'chiku', value: '中央地区', ...extra },
    { surveyId: 'kenko-survey', itemKey: 'exercise', value: '週1〜2日', ...extra },
  ],
});

const clinicAnswer = (reservation: string, name: string) => ({
  data: [
    { surveyId: 'clinic-yoyaku', itemKey: 'yoyaku', value: reservation },
    { surveyId: 'clinic-yoyaku', itemKey: 'shimei', value: name },
    { surveyId: 'clinic-yoyaku', itemKey: 'denwa', value: '09012345678' },
  ],
});

for (const engine of engines()) {
  describe(`kiosk (${engine})`, () => {
    let srv: TestServer;
    let cliEnv: Record<string, string>;
    let resident: string;

    const cli = async (...args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runKiosk(args, { env: cliEnv, out: (l) => out.push(l), err: (l) => err.push(l) });
      return { code, out, err };
    };
    /** Enrols (or re-enrols) a kiosk from the command line; answers the code from its URL line. */
    const issueCode = async (name: string, forms: string, ...more: string[]) => {
      const r = await cli('enrol', '--name', name, '--forms', forms, ...more);
      expect(r.code, r.err.join('\n')).toBe(0);
      const urlLine = r.out.find((l) => l.startsWith('http')) as string;
      expect(urlLine.startsWith(`${srv.url}/kiosk/enrol?code=`)).toBe(true);
      const code = new URL(urlLine).searchParams.get('code') as string;
      expect(code).toMatch(/^[0-9A-Z]{10,}$/);
      expect(r.out).toContain(`登録コード / code: ${code}`);
      return code;
    };
    const redeem = (code: string) => srv.api('POST', '/kiosk/enrol', { body: { code } });
    const enrol = async (name: string, forms: string, ...more: string[]) => {
      const r = await redeem(await issueCode(name, forms, ...more));
      expect(r.status, r.text).toBe(200);
      return r.json.token as string;
    };
    const me = (token: string) => srv.api('GET', '/kiosk/me', { token });
    const put = (token: string, body: unknown, key?: string) =>
      srv.api('POST', '/survey-results/putItem', { token, body, headers: key ? { 'Idempotency-Key': key } : {} });
    const count = async (table: 'survey_results' | 'kiosks' | 'reservations' | 'idempotency_keys') =>
      Number((await srv.deps.store.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    const expectForbidden = (r: { status: number; json: any }) => {
      expect(r.status).toBe(403);
      expect(r.json).toMatchObject({ result: 'ERROR', code: 'kiosk_forbidden', errorMessage: KIOSK_FORBIDDEN_TEXT });
    };
    const expectRevoked = (r: { status: number; json: any }) => {
      expect(r.status).toBe(401);
      expect(r.json).toMatchObject({ result: 'ERROR', code: 'kiosk_revoked', errorMessage: KIOSK_REVOKED_TEXT });
    };
    const expectCodeInvalid = (r: { status: number; json: any }) => {
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ result: 'ERROR', code: 'kiosk_code_invalid', errorMessage: KIOSK_CODE_INVALID_TEXT });
    };
    /** The first bookable 内科 slot from tomorrow on with room for `places`. */
    const openNaikaSlot = async (places = 1) => {
      const s = await srv.deps.store.db
        .selectFrom('slots')
        .select(['day', 'slot', 'quota', 'reserved'])
        .where('calendar_id', '=', 'cal-naika')
        .where('day', '>', todayInTokyo().toString())
        .execute();
      const open = s
        .filter((r) => Number(r.quota) - Number(r.reserved) >= places)
        .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.slot < b.slot ? -1 : 1))[0];
      if (!open) throw new Error('no open slot in the demo calendar');
      return { day: open.day, slot: open.slot };
    };
    const reservedOn = async (day: string, slot: string) =>
      Number(
        (
          await srv.deps.store.db
            .selectFrom('slots')
            .select('reserved')
            .where('calendar_id', '=', 'cal-naika')
            .where('day', '=', day)
            .where('slot', '=', slot)
            .executeTakeFirstOrThrow()
        ).reserved,
      );

    beforeAll(async () => {
      srv = await startTestServer(engine, { KIOSK_IDLE_SECONDS: '120' });
      await importBundleFile(srv.deps.store, DEMO_BUNDLE_FILE);
      await importBundle(srv.deps.store, { surveyConfigs: [...fileForms, changingForm(false)] }, 'kiosk-test');
      resident = await srv.token('U-kiosk-resident', { name: '住民' });
      // The command line works on the server's own database, as an operator's would.
      cliEnv = { DATA_DIR: srv.dataDir, PUBLIC_URL: srv.url, KIOSK_IDLE_SECONDS: '120' };
      if (engine === 'postgres') {
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(srv.deps.store.db);
        cliEnv = { ...cliEnv, DATABASE_URL: process.env['TEST_DATABASE_URL'] as string, DATABASE_SCHEMA: (rows[0] as { schema: string }).schema };
      }
    });
    afterAll(async () => {
      await srv?.stop();
    });

    describe('enrolment', () => {
      it('a code works once and gives a kiosk_ credential; only hashes are stored', async () => {
        const code = await issueCode('受付1', 'clinic-yoyaku,kenko-survey', '--idle', '60');
        const first = await redeem(code);
        expect(first.status).toBe(200);
        expect(first.json).toEqual({ result: 'OK', token: expect.stringMatching(/^kiosk_[A-Za-z0-9_-]{43}$/), kiosk: { name: '受付1', idleSeconds: 60, forms: [CLINIC, KENKO] } });
        expectCodeInvalid(await redeem(code));

        const row = await srv.deps.store.db
          .selectFrom('kiosks')
          .select(['id', 'name', 'forms', 'idle_seconds', 'enrol_code_hash', 'enrol_expires_at', 'token_hash', 'created_at', 'enrolled_at', 'revoked_at'])
          .where('name', '=', '受付1')
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ forms: '["clinic-yoyaku","kenko-survey"]', enrol_code_hash: null, enrol_expires_at: null, revoked_at: null });
        expect(Number(row.idle_seconds)).toBe(60);
        expect(row.token_hash).toBe(hashSecret(first.json.token));
        expect(row.enrolled_at).not.toBeNull();
        const stored = JSON.stringify(row);
        expect(stored).not.toContain(first.json.token.slice('kiosk_'.length));
        expect(stored).not.toContain(code);
      });

      it('refuses a wrong code, an expired one, and a malformed body', async () => {
        expectCodeInvalid(await redeem('ZZZZZZZZZZZZ'));
        const code = await issueCode('受付-期限', 'kenko-survey');
        await srv.deps.store.db.updateTable('kiosks').set({ enrol_expires_at: new Date(Date.now() - 1000).toISOString() }).where('name', '=', '受付-期限').execute();
        expectCodeInvalid(await redeem(code));
        const bad = await srv.api('POST', '/kiosk/enrol', { body: { code: '' } });
        expect(bad.status).toBe(400);
        expect(bad.json.code).toBe('bad_request');
      });

      it('a code is read as typed: case, spaces and hyphens do not matter', async () => {
        const code = await issueCode('受付-手入力', 'kenko-survey');
        const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4, 8)} ${code.slice(8)}`;
        const r = await redeem(typed);
        expect(r.status, r.text).toBe(200);
        expect(r.json.kiosk.name).toBe('受付-手入力');
      });

      it('a replacement tablet: the old credential works until the new code is used, then is refused', async () => {
        const old = await enrol('受付-交換', 'kenko-survey');
        const code = await issueCode('受付-交換', 'kenko-survey,clinic-yoyaku');
        const during = await me(old);
        expect(during.status).toBe(200);
        // The forms given with the new code are the kiosk's at once.
        expect(during.json.kiosk.forms).toEqual([KENKO, CLINIC]);
        const fresh = await redeem(code);
        expect(fresh.status).toBe(200);
        expect((await me(fresh.json.token)).status).toBe(200);
        expectRevoked(await me(old));
      });

      it('revocation holds from the next request: /kiosk/me, putItem, calendar reads and a pending code', async () => {
        const token = await enrol('受付-停止', 'kenko-survey');
        expect((await me(token)).status).toBe(200);
        const pending = await issueCode('受付-停止', 'kenko-survey');
        const before = await count('survey_results');
        const r = await cli('revoke', '受付-停止');
        expect(r.code).toBe(0);
        expect(r.out.join('\n')).toContain('受付-停止');
        expectRevoked(await me(token));
        expectRevoked(await put(token, kenkoAnswer()));
        expectRevoked(await srv.api('GET', '/calendars/categories_tree', { token }));
        expectCodeInvalid(await redeem(pending));
        expect(await count('survey_results')).toBe(before);

        // Enrolled again, it takes a new tablet; the old credential stays refused.
        const again = await enrol('受付-停止', 'kenko-survey');
        expect((await me(again)).status).toBe(200);
        expectRevoked(await me(token));
      });

      it('an unknown credential is refused as revoked', async () => {
        expectRevoked(await me('kiosk_not-a-real-one'));
      });
    });

    describe('/kiosk/me', () => {
      it('answers the forms with their titles in enrolled order and the idle time', async () => {
        const own = await enrol('受付-me', 'kenko-survey,clinic-yoyaku', '--idle', '45');
        expect((await me(own)).json).toEqual({ result: 'OK', kiosk: { name: '受付-me', idleSeconds: 45, forms: [KENKO, CLINIC] } });
        // No --idle: the server's KIOSK_IDLE_SECONDS.
        const dflt = await enrol('受付-me2', 'clinic-yoyaku');
        expect((await me(dflt)).json).toEqual({ result: 'OK', kiosk: { name: '受付-me2', idleSeconds: 120, forms: [CLINIC] } });
      });

      it('leaves out a form that is no longer there', async () => {
        const token = await enrol('受付-消えた', 'kenko-survey,sodai-gomi');
        await srv.deps.store.db.updateTable('survey_configs').set({ status: 'disabled' }).where('survey_id', '=', 'sodai-gomi').execute();
        try {
          expect((await me(token)).json.kiosk.forms).toEqual([KENKO]);
        } finally {
          await srv.deps.store.db.updateTable('survey_configs').set({ status: 'enabled' }).where('survey_id', '=', 'sodai-gomi').execute();
        }
      });

      it('leaves out, and refuses, a form that has since become one a kiosk cannot take', async () => {
        const token = await enrol('受付-変更', 'kenko-survey,kiosk-changing');
        expect((await me(token)).json.kiosk.forms).toEqual([KENKO, { surveyId: 'kiosk-changing', surveyTitle: '受付票' }]);
        const answer = { data: [{ surveyId: 'kiosk-changing', itemKey: 'shimei', value: '受付 太郎' }] };
        // Answered once: this server process now holds the form's config as it was.
        expect((await put(token, answer)).status).toBe(200);
        await importBundle(srv.deps.store, { surveyConfigs: [changingForm(true)] }, 'kiosk-test');
        try {
          const before = await count('survey_results');
          expect((await me(token)).json.kiosk.forms).toEqual([KENKO]);
          const read = () => srv.api('GET', '/survey-configs/getItem?surveyId=kiosk-changing', { token });
          expectForbidden(await read());
          // The photo item is optional, so the answer itself would pass: refused, and nothing written.
          expectForbidden(await put(token, answer));
          expect(await count('survey_results')).toBe(before);
          // Residents answer it on their own phones as before.
          expect((await srv.api('GET', '/survey-configs/getItem?surveyId=kiosk-changing', { token: resident })).status).toBe(200);
        } finally {
          await importBundle(srv.deps.store, { surveyConfigs: [changingForm(false)] }, 'kiosk-test');
        }
      });

      it('refuses a resident (403) and no credential (401)', async () => {
        expectForbidden(await me(resident));
        expect((await srv.api('GET', '/kiosk/me')).status).toBe(401);
      });
    });

    describe('what a kiosk may not do', () => {
      let token: string;
      let kioskKey: string;
      beforeAll(async () => {
        token = await enrol('受付-禁止', 'clinic-yoyaku,kenko-survey');
        const r = await put(token, kenkoAnswer());
        expect(r.status, r.text).toBe(200);
        kioskKey = r.json.partitionKey;
      });

      it('reads no answers, changes and cancels none, and writes nothing trying', async () => {
        const before = await count('survey_results');
        const keys = await count('idempotency_keys');
        const pk = encodeURIComponent(kioskKey);
        for (const r of [
          await srv.api('POST', '/survey-results/query', { token, body: { surveyId: 'kenko-survey' } }),
          await srv.api('GET', `/survey-results/getBySurveyIdPartitionKeyIndex?surveyId=kenko-survey&partitionKey=${pk}`, { token }),
          await srv.api('GET', '/survey-results/getBySurveyIdUserIdIndex?surveyId=kenko-survey', { token }),
          await srv.api('POST', '/survey-results/filterQuery', { token, body: { queryParams: { surveyId: 'kenko-survey', conditions: {} } } }),
          await srv.api('POST', '/survey-results/cancelItem', { token, body: { surveyId: 'kenko-survey', partitionKey: kioskKey }, headers: { 'Idempotency-Key': 'k-cancel' } }),
          await srv.api('DELETE', `/survey-results/deleteItem?surveyId=kenko-survey&partitionKey=${pk}`, { token, headers: { 'Idempotency-Key': 'k-delete' } }),
          await srv.api('POST', '/survey-results/putUserId', { token, body: { keys: [{ partitionKey: kioskKey, sortKey: 'age_group' }] } }),
          await srv.api('GET', '/survey-configs/getAllSearchable', { token }),
          await srv.api('POST', '/survey-configs/getSurveyConfigsList', { token, body: { surveyIdList: ['kenko-survey'] } }),
        ]) {
          expectForbidden(r);
        }
        expect(await count('survey_results')).toBe(before);
        expect(await count('idempotency_keys')).toBe(keys);
      });

      it('opens, searches and answers only its own forms', async () => {
        expectForbidden(await srv.api('GET', '/survey-configs/getItem?surveyId=sodai-gomi', { token }));
        expectForbidden(await srv.api('GET', '/survey-searches?surveyId=all-items&itemKey=x', { token }));
        const before = await count('survey_results');
        expectForbidden(await put(token, { data: [{ surveyId: 'sodai-gomi', itemKey: 'x', value: 'y' }] }));
        expect(await count('survey_results')).toBe(before);
      });

      it('never amends: a partitionKey (even its own answer’s) or the revoke payload is refused', async () => {
        const before = await srv.deps.store.db.selectFrom('survey_results').select(['partition_key', 'sort_key', 'value', 'check_status']).execute();
        expectForbidden(await put(token, kenkoAnswer({ partitionKey: kioskKey })));
        expectForbidden(await put(token, { ...kenkoAnswer(), surveyId: 'kenko-survey', items: [{ partitionKey: kioskKey }], checkStatus: '取り消し' }));
        expectForbidden(await put(token, { ...kenkoAnswer(), items: [] }));
        const after = await srv.deps.store.db.selectFrom('survey_results').select(['partition_key', 'sort_key', 'value', 'check_status']).execute();
        expect(after).toEqual(before);
      });

      it('every endpoint without kiosk: true refuses a kiosk credential with 403 before it runs', async () => {
        const refused: string[] = [];
        const unserved: string[] = [];
        const table = Object.entries(endpoints) as [string, EndpointDef][];
        for (const [name, e] of table) {
          if (e.kiosk) continue;
          const path = buildPath(e.path, Object.fromEntries([...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1] as string, 'x'])));
          const body = e.method === 'GET' ? undefined : {};
          const r = await srv.api(e.method, path, { token, body, headers: e.idempotent ? { 'Idempotency-Key': `loop-${name}` } : {} });
          if (r.status === 403 && r.json?.code === 'kiosk_forbidden') {
            refused.push(name);
            continue;
          }
          // A call of the contract the server does not serve yet answers 404 to anyone.
          const asResident = await srv.api(e.method, path, { token: resident, body });
          expect(asResident.status, `${name}: kiosk got ${r.status} ${r.text}`).toBe(404);
          expect(asResident.json.errorMessage).toMatch(/^no such call: /);
          expect(r.status, name).toBe(404);
          unserved.push(name);
        }
        // Every call the server serves (spec 01 §7 and the calendars) is among the refused ones.
        for (const name of ['surveyResultsQuery', 'surveyResultsByPartitionKey', 'surveyResultsByUser', 'surveyResultsFilterQuery', 'surveyResultsCancelItem', 'surveyResultsDeleteItem', 'surveyResultsPutUserId', 'surveyConfigsGetAllSearchable', 'surveyConfigsList', 'surveyConfigsOpenList', 'loginToken', 'surveyTap']) {
          expect(refused).toContain(name);
        }
        expect(refused.length + unserved.length).toBe(table.filter(([, e]) => !e.kiosk).length);
      });
    });

    describe('answers at a kiosk', () => {
      let token: string;
      beforeAll(async () => {
        token = await enrol('受付-回答', 'clinic-yoyaku,kenko-survey');
      });

      it('opens its forms and reads what the reservation item reads', async () => {
        expect((await srv.api('GET', '/survey-configs/getItem?surveyId=clinic-yoyaku', { token })).status).toBe(200);
        expect((await srv.api('GET', '/app-config', { token })).status).toBe(200);
        const { day } = await openNaikaSlot();
        for (const p of [
          '/calendars/categories_tree',
          '/calendars/tag_labels',
          '/calendars/display_settings',
          '/calendars/item_info/naika-ippan-shoshin',
          '/calendars/info/naika-ippan-shoshin',
          '/calendars/categories/naika-ippan-shoshin',
          '/calendars/canBeReserve/naika-ippan-shoshin',
          `/calendars/schedule/naika-ippan-shoshin?start_day=${day}&end_day=${day}`,
          '/calendars/getCalendars',
        ]) {
          const r = await srv.api('GET', p, { token });
          expect(r.status, `${p}: ${r.text}`).toBe(200);
        }
        const check = await srv.api('POST', '/survey-results/checkReservation', {
          token,
          body: { surveyId: 'clinic-yoyaku', itemKey: 'yoyaku', targetDay: day, maxCount: 3, maxCountOfDay: 1, from: day, to: day },
        });
        expect(check.json).toEqual({ result: 'OK' });
      });

      it('two visitors answer a single-answer form: two answers, each its own I… user, the kiosk’s name kept', async () => {
        const a = await put(token, kenkoAnswer());
        const b = await put(token, kenkoAnswer());
        expect(a.status, a.text).toBe(200);
        expect(b.status, b.text).toBe(200);
        expect(a.json.partitionKey).not.toBe(b.json.partitionKey);
        for (const r of [a, b]) {
          expect(r.json).toMatchObject({ result: 'OK', answercode: null });
          expect(r.json.partitionKey).toMatch(/^kenko-survey#I/);
          for (const row of r.json.data) expect(row).toMatchObject({ userId: expect.stringMatching(/^I/), userName: '受付-回答', check: '未対応' });
          const stored = await srv.deps.store.db
            .selectFrom('survey_results')
            .select(['user_id', 'user_name'])
            .where('partition_key', '=', r.json.partitionKey)
            .execute();
          expect(stored).toHaveLength(3);
          for (const s of stored) expect(s).toEqual({ user_id: r.json.data[0].userId, user_name: '受付-回答' });
        }
        expect(a.json.data[0].userId).not.toBe(b.json.data[0].userId);
      });

      it('books a reservation: the slot counts it, the answer has its code; the next visitor may book the same day', async () => {
        const { day, slot } = await openNaikaSlot(2);
        const before = await reservedOn(day, slot);
        const value = `naika-ippan-shoshin_i1|${day}|${slot}`;
        const first = await put(token, clinicAnswer(value, '窓口 一郎'));
        expect(first.status, first.text).toBe(200);
        expect(first.json.partitionKey).toMatch(/^clinic-yoyaku#I[^#]+#\d+$/);
        expect(first.json.answercode).toEqual(expect.any(String));
        expect(first.json.data[0]).toMatchObject({ userId: expect.stringMatching(/^I/), userName: '受付-回答', answerCode: first.json.answercode });
        expect(await reservedOn(day, slot)).toBe(before + 1);
        // reservationMaxCountOfDay is 1 per person: a second visitor is another person.
        const second = await put(token, clinicAnswer(value, '窓口 二郎'));
        expect(second.status, second.text).toBe(200);
        expect(second.json.answercode).not.toBe(first.json.answercode);
        expect(await reservedOn(day, slot)).toBe(before + 2);
        const rows = await srv.deps.store.db.selectFrom('reservations').select(['user_id']).where('partition_key', 'in', [first.json.partitionKey, second.json.partitionKey]).execute();
        expect(new Set(rows.map((r) => r.user_id)).size).toBe(2);
      });

      it('the same Idempotency-Key twice stores one answer and replays it', async () => {
        const { day, slot } = await openNaikaSlot();
        const before = await reservedOn(day, slot);
        const answers = await count('survey_results');
        const body = clinicAnswer(`naika-ippan-saishin_i2|${day}|${slot}`, '再送 三郎');
        const first = await put(token, body, 'kiosk-visit-1');
        const again = await put(token, body, 'kiosk-visit-1');
        expect(first.status, first.text).toBe(200);
        expect(again.status).toBe(200);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(again.text).toBe(first.text);
        expect(await count('survey_results')).toBe(answers + 3);
        expect(await reservedOn(day, slot)).toBe(before + 1);
        // Keys are the kiosk's: another kiosk's same key is another request.
        const other = await enrol('受付-別', 'kenko-survey');
        const elsewhere = await put(other, kenkoAnswer(), 'kiosk-visit-1');
        expect(elsewhere.status).toBe(200);
        expect(elsewhere.headers.get('idempotent-replayed')).toBeNull();
      });

      it('a resident cannot see, change or cancel a kiosk answer', async () => {
        const r = await put(token, kenkoAnswer());
        const pk = r.json.partitionKey as string;
        const read = await srv.api('GET', `/survey-results/getBySurveyIdPartitionKeyIndex?surveyId=kenko-survey&partitionKey=${encodeURIComponent(pk)}`, { token: resident });
        expect(read.status).toBe(404);
        const cancel = await srv.api('POST', '/survey-results/cancelItem', { token: resident, body: { surveyId: 'kenko-survey', partitionKey: pk } });
        expect(cancel.status).toBe(404);
      });
    });

    describe('command line', () => {
      it('refuses unknown forms, naming them, and writes nothing', async () => {
        const before = await srv.deps.store.db.selectFrom('kiosks').select(['id', 'name', 'forms', 'enrol_code_hash']).execute();
        const r = await cli('enrol', '--name', '受付-新規', '--forms', 'kenko-survey,no-such-form,another-missing');
        expect(r.code).toBe(1);
        expect(r.out).toEqual([]);
        expect(r.err.join('\n')).toContain('no-such-form, another-missing');
        // An existing kiosk is left as it was too.
        const again = await cli('enrol', '--name', '受付1', '--forms', 'no-such-form');
        expect(again.code).toBe(1);
        expect(await srv.deps.store.db.selectFrom('kiosks').select(['id', 'name', 'forms', 'enrol_code_hash']).execute()).toEqual(before);
      });

      it('refuses forms a kiosk cannot take (photos or files, card payment, bed stays), naming why, and writes nothing', async () => {
        const before = await srv.deps.store.db.selectFrom('kiosks').select(['id', 'name', 'forms', 'enrol_code_hash']).execute();
        const r = await cli('enrol', '--name', '受付-不可', '--forms', `kenko-survey,${PHOTO_FORM},${FILE_FORM},sesshu-shiharai,nyuin-yoyaku`);
        expect(r.code).toBe(1);
        expect(r.out).toEqual([]);
        const said = r.err.join('\n');
        expect(said).toContain('受付端末では使えません');
        expect(said).toContain(`${PHOTO_FORM}（写真・ファイルの項目があります`);
        expect(said).toContain(`${FILE_FORM}（写真・ファイルの項目があります`);
        expect(said).toContain('sesshu-shiharai（カード決済を使います');
        expect(said).toContain('nyuin-yoyaku（入院予約のフォームです');
        expect(said).not.toContain('kenko-survey');
        // An existing kiosk is left as it was too.
        expect((await cli('enrol', '--name', '受付1', '--forms', `clinic-yoyaku,${FILE_FORM}`)).code).toBe(1);
        expect(await srv.deps.store.db.selectFrom('kiosks').select(['id', 'name', 'forms', 'enrol_code_hash']).execute()).toEqual(before);
      });

      it('refuses a bad command line', async () => {
        for (const args of [
          [],
          ['nonsense'],
          ['enrol', '--forms', 'kenko-survey'],
          ['enrol', '--name', 'x'],
          ['enrol', '--name', 'x', '--forms', 'kenko-survey', '--idle', '5'],
          ['enrol', '--name', 'x', '--forms', 'kenko-survey', '--idle', 'abc'],
          ['enrol', '--name', 'x', '--forms', 'kenko-survey', '--colour', 'red'],
          ['revoke'],
          ['revoke', 'a', 'b'],
        ]) {
          const r = await cli(...args);
          expect(r.code, args.join(' ')).toBe(1);
          expect(r.err.join('\n')).toContain('usage');
        }
        const unknown = await cli('revoke', '受付-存在しない');
        expect(unknown.code).toBe(1);
        expect(unknown.err.join('\n')).toContain('受付-存在しない');
      });

      it('lists every kiosk with its forms, state and times', async () => {
        await issueCode('受付-待ち', 'kenko-survey');
        const r = await cli('list');
        expect(r.code).toBe(0);
        const line = (name: string) => r.out.find((l) => l.split('\t')[0] === name) as string;
        expect(line('受付1').split('\t').slice(0, 3)).toEqual(['受付1', 'forms: clinic-yoyaku,kenko-survey', '利用中']);
        expect(line('受付-待ち').split('\t').slice(0, 3)).toEqual(['受付-待ち', 'forms: kenko-survey', '登録待ち']);
        expect(line('受付-待ち')).toContain('code expires: ');
        const stopped = line('受付-交換');
        expect(stopped).toContain('利用中');
        await cli('revoke', '受付-交換');
        const after = (await cli('list')).out.find((l) => l.startsWith('受付-交換\t')) as string;
        expect(after.split('\t')[2]).toBe('停止');
        expect(after).toMatch(/revoked: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} JST/);
        expect(after).toMatch(/enrolled: \d{4}-/);
        expect(r.out).toHaveLength(await count('kiosks'));
      });
    });
  });
}

describe('KIOSK_IDLE_SECONDS', () => {
  it('defaults to 90 and refuses less than 15', () => {
    expect(loadConfig({}).kioskIdleSeconds).toBe(90);
    expect(loadConfig({ KIOSK_IDLE_SECONDS: '15' }).kioskIdleSeconds).toBe(15);
    expect(() => loadConfig({ KIOSK_IDLE_SECONDS: '14' })).toThrow(/KIOSK_IDLE_SECONDS/);
  });
});

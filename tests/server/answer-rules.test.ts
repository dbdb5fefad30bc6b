/**
 * The answer journey's server rules: every updateOrCancelSettings value (and none) × every check
 * status, for edit and for cancel, against the exact refusal; payment, read-only forms, office
 * registrations, reservation-only edits; 取り消し atomic with the amend; answer codes under load.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_STATUSES, type CheckStatus } from '@core/contract/survey';
import { answerActions } from '@core/rules/permissions';
import { engines, startTestServer, type TestServer } from './harness';
import { importBundle } from '../../server/forms/import';

const SETTINGS = [undefined, 'updateAndCancel', 'updateOnly', 'cancelOnly', 'inquiryOnly'] as const;
type Setting = (typeof SETTINGS)[number];
const formIdOf = (s: Setting) => `rules-${s ?? 'unset'}`;

const items = [
  { itemKey: 'name', type: 'text', title: 'お名前', isSearchable: { value: true } },
  { itemKey: 'memo', type: 'textarea', title: 'メモ' },
];
const BOOM_OPTIONS = [...Array.from({ length: 259 }, (_, i) => `o${String(i).padStart(3, '0')}`), 'BOOM'];

const surveys = [
  ...SETTINGS.map((s) => ({
    surveyId: formIdOf(s),
    surveyTitle: `設定 ${s ?? 'なし'}`,
    isAppending: { value: true },
    ...(s ? { calendarSetting: { updateOrCancelSettings: s } } : {}),
    surveySchema: items,
  })),
  { surveyId: 'rules-payment', surveyTitle: '決済あり', isAppending: { value: true }, usePayment: 1, surveySchema: items },
  { surveyId: 'rules-nocancel', surveyTitle: 'キャンセル不可', isAppending: { value: true }, cancelPost: false, surveySchema: items },
  { surveyId: 'rules-cancelpost', surveyTitle: 'キャンセル可', isAppending: { value: true }, cancelPost: true, surveySchema: items },
  { surveyId: 'rules-readonly', surveyTitle: '編集不可', isAppending: { value: true }, isEditDisabled: { value: true }, surveySchema: items },
  {
    surveyId: 'rules-resonly',
    surveyTitle: '予約情報のみ変更',
    isAppending: { value: true },
    calendarSetting: { updateOrCancelSettings: 'updateAndCancel', updateSettingsOnModification: 'reservationOnlyInfo' },
    surveySchema: items,
  },
  {
    surveyId: 'rules-locked',
    surveyTitle: '変更できない項目',
    isAppending: { value: true },
    surveySchema: [...items, { itemKey: 'kubun', type: 'text', title: '区分', isNotEditable: true }],
  },
  { surveyId: 'rules-single-inquiry', surveyTitle: '照会のみ（一回）', calendarSetting: { updateOrCancelSettings: 'inquiryOnly' }, surveySchema: items },
  {
    surveyId: 'rules-boom',
    surveyTitle: '書き込み失敗',
    isAppending: { value: true },
    surveySchema: [items[0], { itemKey: 'many', type: 'checkboxes', title: '多数', options: BOOM_OPTIONS }],
  },
  { surveyId: 'rules-race', surveyTitle: '50人同時', isAppending: { value: true }, surveySchema: [items[0]] },
];

const rowsOf = (surveyId: string, values: Record<string, string | string[]>, extra: Record<string, unknown> = {}) =>
  Object.entries(values).flatMap(([itemKey, v]) => (Array.isArray(v) ? v : [v]).map((value) => ({ surveyId, itemKey, value, ...extra })));

const ENDED: readonly CheckStatus[] = ['キャンセル', 'NG', '取り消し'];
const EDIT_FORBIDDEN = '現在変更を受け付けておりません。';
const CANCEL_FORBIDDEN = '現在キャンセルを受け付けておりません。';

type Outcome = { status: 200 } | { status: number; code: string; errorMessage?: string };

/** The table of spec 01 §4 as the server must answer it. */
const expectedEdit = (setting: Setting, check: CheckStatus): Outcome => {
  if (check === '完了' || ENDED.includes(check)) return { status: 409, code: 'not_editable' };
  if (setting === 'cancelOnly' || setting === 'inquiryOnly') return { status: 403, code: 'edit_forbidden', errorMessage: EDIT_FORBIDDEN };
  return { status: 200 };
};
const expectedCancel = (setting: Setting, check: CheckStatus): Outcome => {
  if (ENDED.includes(check)) return { status: 409, code: 'already_cancelled' };
  if (setting === 'updateOnly' || setting === 'inquiryOnly') return { status: 403, code: 'cancel_forbidden', errorMessage: CANCEL_FORBIDDEN };
  return { status: 200 };
};

for (const engine of engines()) {
  describe(`answer rules (${engine})`, () => {
    let srv: TestServer;
    let token: string;

    const put = (body: unknown, t = token) => srv.api('POST', '/survey-results/putItem', { token: t, body });
    const cancel = (surveyId: string, partitionKey: string, t = token) =>
      srv.api('POST', '/survey-results/cancelItem', { token: t, body: { surveyId, partitionKey } });
    const del = (surveyId: string, partitionKey: string, t = token) =>
      srv.api('DELETE', `/survey-results/deleteItem?surveyId=${surveyId}&partitionKey=${encodeURIComponent(partitionKey)}`, { token: t });
    const setCheck = (partitionKey: string, check: string) =>
      srv.deps.store.db.updateTable('survey_results').set({ check_status: check }).where('partition_key', '=', partitionKey).execute();
    const checksOf = async (partitionKey: string) =>
      (await srv.deps.store.db.selectFrom('survey_results').select(['check_status', 'is_appending']).where('partition_key', '=', partitionKey).execute()).map(
        (r) => [r.check_status, Number(r.is_appending)],
      );
    const answer = async (surveyId: string, values: Record<string, string | string[]> = { name: '山田', memo: 'はじめ' }, t = token) => {
      const r = await put({ data: rowsOf(surveyId, values) }, t);
      expect(r.status).toBe(200);
      return r.json.partitionKey as string;
    };
    const outcomeOf = (r: { status: number; json: any }): Outcome =>
      r.status === 200
        ? { status: 200 }
        : { status: r.status, code: r.json.code, ...(r.status === 403 && (r.json.code === 'edit_forbidden' || r.json.code === 'cancel_forbidden') ? { errorMessage: r.json.errorMessage } : {}) };

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, { surveyConfigs: surveys }, 'fixture');
      token = await srv.token('U-rules', { name: '山田 花子' });
    });
    afterAll(async () => {
      await srv?.stop();
    });

    for (const setting of SETTINGS) {
      const surveyId = formIdOf(setting);
      const config = surveys.find((s) => s.surveyId === surveyId) as Parameters<typeof answerActions>[0];

      it(`edit, updateOrCancelSettings ${setting ?? 'unset'} × the 9 statuses`, async () => {
        const got: [CheckStatus, Outcome][] = [];
        for (const check of CHECK_STATUSES) {
          const key = await answer(surveyId);
          await setCheck(key, check);
          const r = await put({ data: rowsOf(surveyId, { name: '山田', memo: `編集 ${check}` }, { partitionKey: key }) });
          got.push([check, outcomeOf(r)]);
          // The server and the PWA's rule agree.
          expect(r.status === 200, check).toBe(answerActions(config, { check, userId: 'U-rules' }, 'user').canEdit);
          if (r.status === 200) {
            expect(r.json.partitionKey).not.toBe(key);
            expect(await checksOf(key)).toEqual([
              ['取り消し', 1],
              ['取り消し', 1],
            ]);
            // A resident's change: the system marks it 変更あり for the office (status-effects.ts).
            expect(await checksOf(r.json.partitionKey)).toEqual([
              ['変更あり', 1],
              ['変更あり', 1],
            ]);
          } else {
            expect(r.json).toMatchObject({ result: 'ERROR', errorMessage: expect.any(String) });
            expect(await checksOf(key)).toEqual([
              [check, 1],
              [check, 1],
            ]);
          }
        }
        expect(got).toEqual(CHECK_STATUSES.map((check) => [check, expectedEdit(setting, check)]));
      });

      it(`cancel, updateOrCancelSettings ${setting ?? 'unset'} × the 9 statuses`, async () => {
        const got: [CheckStatus, Outcome][] = [];
        for (const check of CHECK_STATUSES) {
          const key = await answer(surveyId);
          await setCheck(key, check);
          const r = await cancel(surveyId, key);
          got.push([check, outcomeOf(r)]);
          expect(r.status === 200, check).toBe(answerActions(config, { check, userId: 'U-rules' }, 'user').canCancel);
          if (r.status === 200) {
            expect(r.json).toEqual({ result: 'OK', data: { partitionKey: key, check: 'NG' } });
            expect(await checksOf(key)).toEqual([
              ['NG', 0],
              ['NG', 0],
            ]);
          } else {
            expect(await checksOf(key)).toEqual([
              [check, 1],
              [check, 1],
            ]);
          }
        }
        expect(got).toEqual(CHECK_STATUSES.map((check) => [check, expectedCancel(setting, check)]));
      });
    }

    it('with payment the cancel is refused with the spec text; editing stays open', async () => {
      const key = await answer('rules-payment');
      const c = await cancel('rules-payment', key);
      expect(c.status).toBe(403);
      expect(c.json).toMatchObject({ result: 'ERROR', code: 'cancel_forbidden', errorMessage: '現在キャンセルを受け付けておりません。' });
      expect(await checksOf(key)).toEqual([
        ['未対応', 1],
        ['未対応', 1],
      ]);
      const e = await put({ data: rowsOf('rules-payment', { name: '山田', memo: '変更' }, { partitionKey: key }) });
      expect(e.status).toBe(200);
    });

    it('cancelPost false refuses the cancel with the settings text, edits stay open; true cancels', async () => {
      const key = await answer('rules-nocancel');
      const c = await cancel('rules-nocancel', key);
      expect(c.status).toBe(403);
      expect(c.json).toMatchObject({ code: 'cancel_forbidden', errorMessage: CANCEL_FORBIDDEN });
      expect(await checksOf(key)).toEqual([
        ['未対応', 1],
        ['未対応', 1],
      ]);
      const e = await put({ data: rowsOf('rules-nocancel', { name: '山田', memo: '変更' }, { partitionKey: key }) });
      expect(e.status).toBe(200);
      const open = await answer('rules-cancelpost');
      expect((await cancel('rules-cancelpost', open)).json).toEqual({ result: 'OK', data: { partitionKey: open, check: 'NG' } });
    });

    it('isEditDisabled refuses edits (also a resubmission), not cancels', async () => {
      const key = await answer('rules-readonly');
      const e = await put({ data: rowsOf('rules-readonly', { name: '山田', memo: '変更' }, { partitionKey: key }) });
      expect(e.status).toBe(403);
      expect(e.json).toMatchObject({ code: 'edit_forbidden', errorMessage: EDIT_FORBIDDEN });
      const c = await cancel('rules-readonly', key);
      expect(c.json).toEqual({ result: 'OK', data: { partitionKey: key, check: 'NG' } });
    });

    it('an answer registered by the office (userId starting with I) can be neither edited, cancelled nor deleted', async () => {
      const office = await srv.token('I-office-0001');
      const key = await answer(formIdOf('updateAndCancel'), { name: '窓口登録' }, office);
      const e = await put({ data: rowsOf(formIdOf('updateAndCancel'), { name: '変更' }, { partitionKey: key }) }, office);
      const c = await cancel(formIdOf('updateAndCancel'), key, office);
      const d = await del(formIdOf('updateAndCancel'), key, office);
      for (const r of [e, c, d]) {
        expect(r.status).toBe(403);
        expect(r.json.code).toBe('admin_registered');
      }
      expect(await checksOf(key)).toEqual([['未対応', 1]]);
    });

    it('reservationOnlyInfo: a new answer is free; an edit may not change any non-reservation value', async () => {
      const key = await answer('rules-resonly', { name: '山田', memo: '最初' });
      const changed = await put({ data: rowsOf('rules-resonly', { name: '山田', memo: '書き換え' }, { partitionKey: key }) });
      expect(changed.status).toBe(403);
      expect(changed.json).toMatchObject({ code: 'reservation_only', errorMessage: '予約情報のみ変更できます。' });
      expect(changed.json.issues).toEqual([{ path: 'memo', message: 'notEditable' }]);
      const dropped = await put({ data: rowsOf('rules-resonly', { name: '山田' }, { partitionKey: key }) });
      expect(dropped.status).toBe(403);
      expect(await checksOf(key)).toEqual([
        ['未対応', 1],
        ['未対応', 1],
      ]);
      // The same values (in another order): accepted — there is no reservation to change yet.
      const same = await put({ data: rowsOf('rules-resonly', { memo: '最初', name: '山田' }, { partitionKey: key }) });
      expect(same.status).toBe(200);
    });

    it('an item marked isNotEditable keeps its value on edit; the others may change', async () => {
      const key = await answer('rules-locked', { name: '山田', kubun: '市内' });
      const bad = await put({ data: rowsOf('rules-locked', { name: '山田', kubun: '市外' }, { partitionKey: key }) });
      expect(bad.status).toBe(403);
      expect(bad.json).toMatchObject({ code: 'locked_item_changed', issues: [{ path: 'kubun', message: 'notEditable' }] });
      const ok = await put({ data: rowsOf('rules-locked', { name: '山田 花子', kubun: '市内' }, { partitionKey: key }) });
      expect(ok.status).toBe(200);
    });

    it('a single-answer form: answering again over a live answer is an edit and follows the settings', async () => {
      const t = await srv.token('U-single-inquiry');
      const key = await answer('rules-single-inquiry', { name: '最初' }, t);
      expect(key).toBe('rules-single-inquiry#U-single-inquiry');
      const again = await put({ data: rowsOf('rules-single-inquiry', { name: '上書き' }) }, t);
      expect(again.status).toBe(403);
      expect(again.json.code).toBe('edit_forbidden');
      // Once the office has cancelled it, a new answer is a new answer.
      await setCheck(key, 'NG');
      const fresh = await put({ data: rowsOf('rules-single-inquiry', { name: '再回答' }) }, t);
      expect(fresh.status).toBe(200);
      expect(fresh.json.data.map((r: { check: string; value: string }) => [r.check, r.value])).toEqual([['未対応', '再回答']]);
    });

    it('delete follows the cancel settings and keeps 完了 and ended answers', async () => {
      const open = await answer(formIdOf(undefined));
      const done = await answer(formIdOf(undefined));
      await setCheck(done, '完了');
      const ng = await answer(formIdOf(undefined));
      await setCheck(ng, 'NG');
      const noCancel = await answer(formIdOf('updateOnly'));
      expect((await del(formIdOf(undefined), done)).json.code).toBe('not_editable');
      expect((await del(formIdOf(undefined), ng)).json.code).toBe('not_editable');
      const refused = await del(formIdOf('updateOnly'), noCancel);
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ code: 'cancel_forbidden', errorMessage: CANCEL_FORBIDDEN });
      expect((await del(formIdOf(undefined), open)).json).toEqual({ result: 'OK', data: { deleted: 2 } });
      expect(await checksOf(open)).toEqual([]);
    });

    it('an amend whose new rows fail half-way leaves the old answer live (取り消し is in the same transaction)', async () => {
      const db = srv.deps.store.db;
      const first = await put({ data: rowsOf('rules-boom', { name: '元の回答' }) });
      const oldKey: string = first.json.partitionKey;
      // A trigger that fails the insert of one row: the new answer is written in chunks of 200
      // rows, so with 261 rows and the failing one last, the first chunk is already written.
      if (engine === 'sqlite') {
        await sql`create trigger boom before insert on survey_results when new.value = 'BOOM' begin select raise(abort, 'boom'); end`.execute(db);
      } else {
        await sql`create function boom() returns trigger language plpgsql as $$ begin if new.value = 'BOOM' then raise exception 'boom'; end if; return new; end $$`.execute(
          db,
        );
        await sql`create trigger boom before insert on survey_results for each row execute function boom()`.execute(db);
      }
      try {
        const amend = await put({ data: rowsOf('rules-boom', { name: '変更', many: BOOM_OPTIONS }, { partitionKey: oldKey }) });
        expect(amend.status).toBe(500);
        expect(amend.json.code).toBe('internal');
      } finally {
        await sql`drop trigger boom${sql.raw(engine === 'postgres' ? ' on survey_results' : '')}`.execute(db);
        if (engine === 'postgres') await sql`drop function boom()`.execute(db);
      }
      expect(await checksOf(oldKey)).toEqual([['未対応', 1]]);
      const mine = await srv.api('POST', '/survey-results/query', { token, body: { surveyId: 'rules-boom' } });
      expect(new Set(mine.json.data.map((r: { partitionKey: string }) => r.partitionKey))).toEqual(new Set([oldKey]));
      // A new code for the retry: on PostgreSQL the failed write's drawn code stays unused (a gap).
      const retry = await put({ data: rowsOf('rules-boom', { name: '変更', many: BOOM_OPTIONS.slice(0, 3) }, { partitionKey: oldKey }) });
      expect(retry.status).toBe(200);
      expect(Number(retry.json.answercode)).toBe(Number(first.json.answercode) + (engine === 'postgres' ? 2 : 1));
      expect(await checksOf(oldKey)).toEqual([['取り消し', 1]]);
    });

    it('50 residents answering at once get 50 codes, unique, with no gap when none is refused', async () => {
      const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => srv.token(`U-fifty-${i}`)));
      const answers = await Promise.all(tokens.map((t, i) => put({ data: rowsOf('rules-race', { name: `住民${i}` }) }, t)));
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      const byCode = answers
        .map((a) => ({ code: Number(a.json.answercode), createdAt: a.json.data[0].createdAt as string, key: a.json.partitionKey as string }))
        .sort((a, b) => a.code - b.code);
      const lowest = byCode[0]!.code;
      expect(byCode.map((a) => a.code)).toEqual(Array.from({ length: 50 }, (_, i) => lowest + i));
      // SQLite's writes run one at a time: a later code is never stamped earlier (ties within a
      // millisecond allowed). PostgreSQL's draw codes concurrently, and may stamp in either order.
      if (engine === 'sqlite') {
        for (let i = 1; i < byCode.length; i++) expect(byCode[i]!.createdAt >= byCode[i - 1]!.createdAt).toBe(true);
      }
      const stored = await srv.deps.store.db
        .selectFrom('survey_results')
        .select(['answer_code', 'partition_key'])
        .where('survey_id', '=', 'rules-race')
        .execute();
      expect(new Set(stored.map((r) => r.answer_code)).size).toBe(50);
      expect(new Set(stored.map((r) => r.partition_key)).size).toBe(50);
    });

    it('a plain answer cancelled becomes NG with its appending flag off', async () => {
      const key = await answer(formIdOf(undefined));
      const c = await cancel(formIdOf(undefined), key);
      expect(c.json).toEqual({ result: 'OK', data: { partitionKey: key, check: 'NG' } });
      const rows = await srv.api('GET', `/survey-results/getBySurveyIdPartitionKeyIndex?surveyId=${formIdOf(undefined)}&partitionKey=${encodeURIComponent(key)}`, {
        token,
      });
      expect(rows.json.data.map((r: { check: string; isAppending: boolean }) => [r.check, r.isAppending])).toEqual([
        ['NG', false],
        ['NG', false],
      ]);
    });
  });
}

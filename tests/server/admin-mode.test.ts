/**
 * Admin mode is staff-only (issue 56, spec 01 §6, spec 02 §6): a resident's putItem asking for it
 * is refused with nothing stored; a staff member who may handle a form of their team registers a
 * walk-in through POST /staff/survey-results/register — admin validation, cash on a card-only
 * form, a new I… owner, their own name as registrant and an audit row in the same transaction —
 * and the resident calls can neither change nor cancel it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { STAFF_PREFIX } from '@core/contract/define';
import type { StaffRole } from '@core/rules/staff';
import { importBundle } from '../../server/forms/import';
import { addStaff, completeSetup } from '../../server/staff/accounts';
import { newTotpSecret } from '../../server/staff/totp';
import { addTeamTarget } from '../../server/store/teams';
import { engines, startTestServer, type TestServer } from './harness';
import { day } from './reservation-fixture';
import { order, paymentBundle, productsRow, reservedIn } from './payment-fixture';

const PASSWORD = 'さくら市 窓口 2026 admin-mode';
const TEAM = '健康課';

/** Card only (payTypeOptions [0]); an admin-only item the office must fill (isRequired.admin). */
const walkInForm = {
  surveyId: 'madoguchi',
  surveyTitle: '接種予約（窓口）',
  isAppending: { value: true },
  usePayment: 1,
  surveySchema: [
    { itemKey: 'yoyaku', type: 'reservation', title: '予約', isRequired: { value: true } },
    { itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } },
    { itemKey: 'shohin', type: 'selectProducts', title: '商品', serviceId: 'svc' },
    { itemKey: 'shiharai', type: 'selectPayType', title: '支払い方法', payTypeOptions: [0], isRequired: { value: true } },
    { itemKey: 'uketsuke', type: 'text', title: '受付メモ', isAdminItem: true, isRequired: { admin: true } },
  ],
};
/** A plain form on cal-a (2 places a slot): the office's bookings count against its quotas. */
const quotaForm = {
  surveyId: 'madoguchi-quota',
  surveyTitle: '一般外来（窓口）',
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'yoyaku', type: 'reservation', title: '予約', isRequired: { value: true } },
    { itemKey: 'name', type: 'text', title: 'お名前' },
    { itemKey: 'memo', type: 'text', title: '職員メモ', isAdminItem: true },
  ],
};

const walkInRows = (over: Record<string, string> = {}) => {
  const values: Record<string, string> = { yoyaku: `naika-b_v1|${day(3)}|2`, name: '窓口 一郎', shiharai: '1', uketsuke: '電話で予約済み', ...over };
  return [
    ...Object.entries(values).filter(([, v]) => v !== '').map(([itemKey, value]) => ({ surveyId: 'madoguchi', itemKey, value })),
    productsRow('madoguchi'),
  ];
};

for (const engine of engines()) {
  describe(`admin mode is staff-only (${engine})`, () => {
    let srv: TestServer;
    let resident: string;
    let n = 0;

    /** An account set up five minutes ago (its TOTP step spent), signed in now with a recovery code: answers its cookie. */
    const staffCookie = async (role: StaffRole, teams: string[], name: string): Promise<string> => {
      const then = new Date(Date.now() - 5 * 60_000);
      const added = await addStaff(srv.deps.store, { email: `staff${++n}@city.example.jp`, name, role, teams }, then);
      if (!added.ok) throw new Error('not added');
      const totpSecret = newTotpSecret();
      const code = TOTP.generate({ secret: Secret.fromBase32(totpSecret), timestamp: then.getTime() });
      const done = await completeSetup(srv.deps.store, { token: added.token, password: PASSWORD, totpSecret, code }, then);
      if (!done.ok) throw new Error(done.refusal);
      const res = await srv.fetch(`${STAFF_PREFIX}/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: srv.url },
        body: JSON.stringify({ email: `staff${n}@city.example.jp`, password: PASSWORD, code: done.recoveryCodes[0] }),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sakura_staff='));
      return (cookie as string).split(';')[0] as string;
    };
    const register = async (cookie: string | null, body: unknown) => {
      const res = await srv.fetch(`${STAFF_PREFIX}/survey-results/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: srv.url, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as any };
    };
    const storedRows = (surveyId: string) => srv.deps.store.db.selectFrom('survey_results').selectAll().where('survey_id', '=', surveyId).execute();
    const auditRows = () => srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'answer.register').orderBy('seq').execute();

    let operator: string;
    beforeAll(async () => {
      srv = await startTestServer(engine);
      const b = paymentBundle();
      await importBundle(srv.deps.store, { ...b, surveyConfigs: [...b.surveyConfigs, walkInForm, quotaForm] }, 'fixture');
      await srv.deps.store.write(async (trx) => {
        await addTeamTarget(trx, TEAM, 'survey', 'madoguchi');
        await addTeamTarget(trx, TEAM, 'survey', 'madoguchi-quota');
      });
      resident = await srv.token('U-resident', { name: '住民 花子' });
      operator = await staffCookie('operator', [TEAM], '窓口 花子');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('refuses a resident’s putItem asking for admin mode, and stores nothing', async () => {
      for (const extra of [{ registrantName: '窓口職員' }, { isLiffMode: false }]) {
        const r = await srv.api('POST', '/survey-results/putItem', {
          token: resident,
          body: { data: [{ surveyId: 'madoguchi-quota', itemKey: 'yoyaku', value: `naika-a_i1|${day(4)}|1`, ...extra }, { surveyId: 'madoguchi-quota', itemKey: 'name', value: '住民 花子' }] },
        });
        expect(r.status).toBe(403);
        expect(r.json).toMatchObject({ result: 'ERROR', code: 'admin_mode_forbidden', errorMessage: 'この操作は職員としてサインインしたときだけ行えます。' });
      }
      // The temporary save (the card path) takes rows too.
      const t = await srv.api('POST', '/survey-results/temprary', {
        token: resident,
        body: { data: walkInRows().map((r) => ({ ...r, registrantName: '窓口職員' })), order: order() },
      });
      expect(t.json.code).toBe('admin_mode_forbidden');
      expect(await storedRows('madoguchi-quota')).toEqual([]);
      expect(await storedRows('madoguchi')).toEqual([]);
    });

    it('a resident’s answer keeps the default registrant; an admin item from the URL is still taken', async () => {
      const r = await srv.api('POST', '/survey-results/putItem', {
        token: resident,
        body: {
          data: [
            { surveyId: 'madoguchi-quota', itemKey: 'yoyaku', value: `naika-a_i1|${day(5)}|1`, registrantName: 'LINEユーザー', isLiffMode: true },
            { surveyId: 'madoguchi-quota', itemKey: 'name', value: '住民 花子' },
            { surveyId: 'madoguchi-quota', itemKey: 'memo', value: 'URLから' },
          ],
        },
      });
      expect(r.status).toBe(200);
      expect(r.json.data.map((row: { itemKey: string; registrantName: string; isLiffMode: boolean; type: string; userId: string }) => [row.itemKey, row.registrantName, row.isLiffMode, row.type, row.userId]).sort()).toEqual([
        ['memo', 'LINEユーザー', true, 'liff', 'U-resident'],
        ['name', 'LINEユーザー', true, 'liff', 'U-resident'],
        ['yoyaku', 'LINEユーザー', true, 'liff', 'U-resident'],
      ]);
    });

    it('an operator of the form’s team registers a walk-in on a card-only form: cash, I…, their name, an audit row', async () => {
      const before = await reservedIn(srv.deps.store, 3, '2');
      const r = await register(operator, { data: walkInRows() });
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ result: 'OK', type: 'new', order: { selectedPayType: 1, payMethod: 'cash', amountWithTax: 2750 } });
      expect(r.json.answercode).toMatch(/\S/);
      const userId: string = r.json.data[0].userId;
      expect(userId).toMatch(/^I/);
      expect(r.json.partitionKey).toMatch(new RegExp(`^madoguchi#${userId}#`));
      for (const row of r.json.data) expect(row).toMatchObject({ userId, registrantName: '窓口 花子', isLiffMode: false, type: 'admin' });
      // The admin-only item is stored; the booking took its place like a resident's.
      expect(r.json.data.find((row: { itemKey: string }) => row.itemKey === 'uketsuke')?.value).toBe('電話で予約済み');
      expect(await reservedIn(srv.deps.store, 3, '2')).toBe(before + 1);
      const orders = await srv.deps.store.db.selectFrom('payment_orders').selectAll().where('partition_key', '=', r.json.partitionKey).execute();
      expect(orders).toEqual([]);

      const [audit, ...more] = await auditRows();
      expect(more).toEqual([]);
      expect(audit).toMatchObject({ actor_kind: 'staff', action: 'answer.register', target_kind: 'answer', outcome: 'ok' });
      expect(JSON.parse(audit?.target_ids_json ?? '[]')).toEqual([r.json.partitionKey]);
      const staffRow = await srv.deps.store.db.selectFrom('staff').select(['id', 'name']).where('name', '=', '窓口 花子').executeTakeFirstOrThrow();
      expect(audit?.actor_id).toBe(staffRow.id);
    });

    it('a registrant name in the body is not taken; a card pay type is refused', async () => {
      const r = await register(operator, { data: walkInRows().map((row) => ({ ...row, registrantName: '山田 太郎' })) });
      expect(r.status).toBe(200);
      expect(r.json.data.every((row: { registrantName: string }) => row.registrantName === '窓口 花子')).toBe(true);
      const card = await register(operator, { data: walkInRows({ shiharai: '0' }) });
      expect(card.status).toBe(400);
      expect(card.json.itemIssues.shiharai[0].key).toBe('optionNotInList');
    });

    it('validates in admin mode: isRequired.admin binds, isRequired.value falls back', async () => {
      const audits = (await auditRows()).length;
      const noMemo = await register(operator, { data: walkInRows({ uketsuke: '' }) });
      expect(noMemo.status).toBe(400);
      expect(noMemo.json.itemIssues.uketsuke[0].key).toBe('required');
      const noName = await register(operator, { data: walkInRows({ name: '' }) });
      expect(noName.status).toBe(400);
      expect(Object.keys(noName.json.itemIssues)).toEqual(['name']);
      // A refused registration leaves no audit row.
      expect((await auditRows()).length).toBe(audits);
    });

    it('books with the calendar’s quotas: each walk-in counts, a full slot is refused', async () => {
      const rows = [{ surveyId: 'madoguchi-quota', itemKey: 'yoyaku', value: `naika-a_i1|${day(8)}|3` }, { surveyId: 'madoguchi-quota', itemKey: 'name', value: '来院 者' }];
      expect((await register(operator, { data: rows })).status).toBe(200);
      expect((await register(operator, { data: rows })).status).toBe(200);
      const audits = (await auditRows()).length;
      const full = await register(operator, { data: rows });
      expect(full.status).toBe(409);
      expect(full.json.code).toBe('quota_exceeded');
      expect((await auditRows()).length).toBe(audits);
    });

    it('refuses a guest (staff_forbidden), another team’s operator (staff_team_forbidden) and no session', async () => {
      const count = (await storedRows('madoguchi')).length;
      const guest = await register(await staffCookie('guest', [TEAM], '閲覧 次郎'), { data: walkInRows() });
      expect(guest.status).toBe(403);
      expect(guest.json.code).toBe('staff_forbidden');
      const other = await register(await staffCookie('operator', ['福祉課'], '福祉 三郎'), { data: walkInRows() });
      expect(other.status).toBe(403);
      expect(other.json.code).toBe('staff_team_forbidden');
      const none = await register(null, { data: walkInRows() });
      expect(none.status).toBe(401);
      // A resident's token is no staff session.
      const res = await srv.fetch(`${STAFF_PREFIX}/survey-results/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: srv.url, authorization: `Bearer ${resident}` },
        body: JSON.stringify({ data: walkInRows() }),
      });
      expect(res.status).toBe(401);
      expect((await storedRows('madoguchi')).length).toBe(count);
    });

    it('the resident calls can neither change nor cancel the office’s answer', async () => {
      const r = await register(operator, { data: walkInRows({ yoyaku: `naika-b_v1|${day(6)}|1` }) });
      expect(r.status).toBe(200);
      const { partitionKey } = r.json;
      const userId: string = r.json.data[0].userId;
      // Naming the office's owner does not make the resident it.
      const amend = await srv.api('POST', '/survey-results/putItem', {
        token: resident,
        body: { data: walkInRows({ yoyaku: `naika-b_v1|${day(6)}|1`, name: '書き換え', shiharai: '0' }).map((row) => ({ ...row, partitionKey, userId })) },
      });
      // The resident calls read only the caller's own answers: the office's is not theirs to find.
      expect([amend.status, amend.json.code]).toEqual([404, 'result_not_found']);
      const cancel = await srv.api('POST', '/survey-results/cancelItem', { token: resident, body: { surveyId: 'madoguchi', partitionKey, userId } });
      expect([cancel.status, cancel.json.code]).toEqual([404, 'result_not_found']);
      const del = await srv.api('DELETE', `/survey-results/deleteItem?surveyId=madoguchi&partitionKey=${encodeURIComponent(partitionKey)}`, { token: resident });
      expect([del.status, del.json.code]).toEqual([404, 'result_not_found']);
      const kept = await srv.deps.store.db.selectFrom('survey_results').selectAll().where('partition_key', '=', partitionKey).execute();
      expect(kept.map((row) => [row.check_status, row.user_id, row.value === '書き換え'])).toEqual(kept.map(() => ['未対応', userId, false]));
      expect(kept.length).toBe(r.json.data.length);
    });

    it('admin mode reads the form through the office mirror: the staff session, its role and team, no LINE token', async () => {
      const get = (cookie: string | null, path: string) =>
        srv.fetch(`${STAFF_PREFIX}/office${path}`, { headers: cookie ? { cookie } : {} }).then(async (r) => ({ status: r.status, json: (await r.json()) as any }));
      const own = await get(operator, '/survey-configs/getItem?surveyId=madoguchi');
      expect(own.status).toBe(200);
      expect(own.json.data.surveySchema.some((i: { itemKey: string }) => i.itemKey === 'uketsuke')).toBe(true);
      expect((await get(operator, '/calendars/categories_tree')).status).toBe(200);
      // Another team's form, a guest, no session, a resident's token: refused.
      const other = await staffCookie('operator', ['別の課'], '別課 太郎');
      expect((await get(other, '/survey-configs/getItem?surveyId=madoguchi')).json.code).toBe('staff_team_forbidden');
      const guest = await staffCookie('guest', [TEAM], '見学 次郎');
      expect((await get(guest, '/survey-configs/getItem?surveyId=madoguchi')).json.code).toBe('staff_forbidden');
      expect((await get(null, '/survey-configs/getItem?surveyId=madoguchi')).status).toBe(401);
      const withToken = await srv.fetch(`${STAFF_PREFIX}/office/survey-configs/getItem?surveyId=madoguchi`, { headers: { authorization: `Bearer ${resident}` } });
      expect(withToken.status).toBe(401);
    });
  });
}

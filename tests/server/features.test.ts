/**
 * The build switches (server/config.ts MEMBERS, PAYMENT, MEDICAL_MODE, SECURE_FILE_UPLOAD;
 * core/rules/features.ts): all on unless set, and each switched off takes its part away — its items
 * are not served nor taken, its calls are refused with a text, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { importBundle } from '../../server/forms/import';
import { refusalText } from '@core/refusals';
import { engines, startTestServer, type TestServer } from './harness';
import { answerRows, order, paymentBundle } from './payment-fixture';

const PAYMENT_OFF = '現在決済を受け付けておりません。';

const mixed = {
  surveyId: 'mixed',
  surveyTitle: '健康相談',
  isAppending: { value: true },
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } },
    { itemKey: 'kaisu', type: 'countVaccines', title: '接種回数' },
    { itemKey: 'docs', type: 'secureFiles', title: '書類' },
  ],
};

const memberForm = { surveyId: 'kaiin', surveyTitle: '会員登録', linkedForms: ['for-members'], surveySchema: [{ itemKey: 'no', type: 'memberNumber', title: '会員番号', isAutomaticNumbering: true }] };
const forMembers = { surveyId: 'for-members', surveyTitle: '会員予約', hasMember: false, memberFormId: 'kaiin', surveySchema: [{ itemKey: 'memo', type: 'text', title: 'メモ' }] };

describe('build switch settings', () => {
  const features = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).features;
  it('are all on when unset (the demo and npm start show everything)', () => {
    expect(features({})).toEqual({ members: true, payment: true, medical: true, secureFiles: true });
  });
  it('turn a part off with 0, and secure uploads are on only for exactly "1"', () => {
    expect(features({ MEMBERS: '0', PAYMENT: '0', MEDICAL_MODE: '0', SECURE_FILE_UPLOAD: '0' })).toEqual({
      members: false,
      payment: false,
      medical: false,
      secureFiles: false,
    });
    expect(features({ SECURE_FILE_UPLOAD: '1' }).secureFiles).toBe(true);
    expect(features({ SECURE_FILE_UPLOAD: 'true' }).secureFiles).toBe(false);
  });
  it('PAYMENT=0 leaves no provider, even the development simulator', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).payment).toEqual({ kind: 'local' });
    expect(loadConfig({ NODE_ENV: 'test', PAYMENT: '0' }).payment).toBeNull();
  });
  it('refuse a misspelt switch at start', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MEMBERS: 'off' })).toThrow(/MEMBERS/);
  });
});

for (const engine of engines()) {
  describe.each([
    ['on (unset)', {}],
    ['off', { MEMBERS: '0', PAYMENT: '0', MEDICAL_MODE: '0', SECURE_FILE_UPLOAD: 'yes' }],
  ] as const)(`build switches %s (${engine})`, (label, env) => {
    const on = label !== 'off';
    let srv: TestServer;
    let token: string;
    beforeAll(async () => {
      srv = await startTestServer(engine, env);
      const b = paymentBundle();
      await importBundle(
        srv.deps.store,
        { ...b, surveyConfigs: [...b.surveyConfigs, mixed, forMembers], memberConfigs: [memberForm] },
        'fixture',
      );
      token = await srv.token('U-switch');
    });
    afterAll(async () => {
      await srv?.stop();
    });
    const served = async (surveyId: string) => (await srv.api('GET', `/survey-configs/getItem?surveyId=${surveyId}`, { token })).json.data;
    const put = (body: unknown) => srv.api('POST', '/survey-results/putItem', { token, body });

    it('are served to the PWA by app-config', async () => {
      const { json } = await srv.api('GET', '/app-config');
      expect(json.data.features).toEqual({ members: on, payment: on, medical: on, secureFiles: on });
    });

    it('members: the member calls answer, or are refused with a text', async () => {
      const get = await srv.api('GET', '/member-configs/getItem?memberSurveyId=nai', { token });
      const putMember = await srv.api('POST', '/member-results/putItem', { token, body: [], headers: { 'idempotency-key': crypto.randomUUID() } });
      if (on) {
        expect(get.status).toBe(404);
        expect(putMember.status).not.toBe(403);
      } else {
        for (const r of [get, putMember]) {
          expect(r.status).toBe(403);
          expect(r.json).toMatchObject({ code: 'members_off', errorMessage: refusalText('members_off') });
        }
      }
    });

    it('members: the open list names a form’s member form only while members are offered', async () => {
      const open = await srv.api('GET', '/survey-configs/open');
      const entry = open.json.data.find((c: { surveyId: string }) => c.surveyId === 'for-members');
      if (on) expect(entry).toMatchObject({ memberFormId: 'kaiin' });
      else expect(entry).not.toHaveProperty('memberFormId');
    });

    it('payment: products offered and ordered, or left out and an order refused', async () => {
      const pay = await served('pay');
      expect(pay.surveySchema.map((i: { itemKey: string }) => i.itemKey)).toEqual(on ? ['yoyaku', 'name', 'shohin'] : ['yoyaku', 'name']);
      expect(pay.usePayment).toBe(on ? 1 : undefined);
      // Its answers, some paid, stay beyond a resident's cancel as with payment on (spec 01 §4).
      expect(pay.cancelPost).toBe(on ? undefined : false);
      const temp = await srv.api('POST', '/survey-results/temprary', { token, body: { data: answerRows('pay', 14), order: order() } });
      if (on) expect(temp.status).toBe(200);
      else expect(temp.json).toMatchObject({ code: 'payment_off', errorMessage: PAYMENT_OFF });
      if (!on) {
        const withOrder = await put({ data: answerRows('pay', 15).slice(0, 2), order: order() });
        expect(withOrder.status).toBe(400);
        expect(withOrder.json).toMatchObject({ code: 'payment_off', errorMessage: PAYMENT_OFF });
        const products = await put({ data: answerRows('pay', 15) });
        expect(products.status).toBe(400);
        expect(products.json.issues[0].message).toContain('shohin');
        // The form is still answered, without an order; the answer is no resident's to cancel.
        const plain = await put({ data: answerRows('pay', 16).slice(0, 2) });
        expect(plain.status).toBe(200);
        const cancel = await srv.api('POST', '/survey-results/cancelItem', { token, body: { surveyId: 'pay', partitionKey: plain.json.partitionKey } });
        expect(cancel.status).toBe(403);
        expect(cancel.json.errorMessage).toBe('現在キャンセルを受け付けておりません。');
      }
    });

    it('medical mode and secure files: their items offered and taken, or neither', async () => {
      const keys = (await served('mixed')).surveySchema.map((i: { itemKey: string }) => i.itemKey);
      expect(keys).toEqual(on ? ['name', 'kaisu', 'docs'] : ['name']);
      const withVaccine = await put({ data: [{ surveyId: 'mixed', itemKey: 'name', value: '花子' }, { surveyId: 'mixed', itemKey: 'kaisu', value: '1' }] });
      expect(withVaccine.status).toBe(on ? 200 : 400);
      const plain = await put({ data: [{ surveyId: 'mixed', itemKey: 'name', value: '花子' }] });
      expect(plain.status).toBe(200);
    });

    it('secure files: an upload gets its URL, or is refused with a text', async () => {
      const made = await srv.api('POST', '/survey-resources/secure-files', {
        token,
        body: { files: [{ itemKey: 'docs', name: 'shorui.pdf', contentType: 'application/pdf', size: 10 }] },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      if (on) expect(made.status).toBe(200);
      else expect(made.json).toMatchObject({ code: 'secure_files_off', errorMessage: refusalText('secure_files_off') });
      // What was sent before stays the resident's to look at.
      const status = await srv.api('POST', '/survey-resources/secure-files/status', { token, body: { ids: ['x'] } });
      expect(status.status).not.toBe(403);
    });
  });
}

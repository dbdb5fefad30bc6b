/**
 * The server refuses whatever the client would refuse: every sample value of every item type
 * (core/items samples) is submitted to the real server, and its verdict must equal the one the
 * form's own validators give today. Plus the form-level rules: required items, hidden items
 * dropped, admin items from the URL checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_TYPES } from '@core/form/item-types';
import { itemDefOf, schemaItemSchema } from '@core/items/registry';
import { itemSamplesOf } from '@core/items/samples';
import { validateForm } from '@core/form/validate';
import { todayInTokyo } from '@core/ja/date-input';
import type { FormValue } from '@core/items/define';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';

interface Case {
  surveyId: string;
  type: string;
  value: FormValue;
  config: Record<string, unknown>;
}

const cases: Case[] = [];
const configs: Record<string, unknown>[] = [];
for (const type of ITEM_TYPES) {
  const def = itemDefOf(type);
  if (def.valueKind === 'none') continue;
  const samples = itemSamplesOf(type);
  samples.configs.forEach((sample, i) => {
    const surveyId = `v-${type}-${i}`.toLowerCase();
    const item = { itemKey: 'x', type, title: `${type} ${i}`, ...(sample as object) };
    configs.push({ surveyId, surveyTitle: surveyId, surveySchema: [item] });
    const values = [
      ...samples.valid,
      ...samples.invalid.map((c) => c.value),
      ...(samples.validFor ?? []).map((c) => c.value),
    ];
    for (const value of values) {
      // Rows carry strings: a list for a single-value item cannot be sent as an answer at all.
      if (def.valueKind === 'single' && Array.isArray(value)) continue;
      cases.push({ surveyId, type, value, config: item });
    }
  });
}

const rowsOf = (c: Case) =>
  (Array.isArray(c.value) ? c.value : [c.value]).map((v) => ({ surveyId: c.surveyId, itemKey: 'x', value: v }));

for (const engine of engines()) {
  describe(`answers are validated again on the server (${engine})`, () => {
    let srv: TestServer;
    let token: string;
    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, { surveyConfigs: configs }, 'samples');
      await importBundle(
        srv.deps.store,
        {
          surveyConfigs: [
            {
              surveyId: 'rules',
              surveyTitle: 'rules',
              surveySchema: [
                { itemKey: 'name', type: 'text', title: '氏名', isRequired: { value: true } },
                { itemKey: 'tel', type: 'phone', title: '電話' },
                { itemKey: 'kind', type: 'radio', title: '区分', options: ['個人', 'その他'] },
                {
                  itemKey: 'other',
                  type: 'text',
                  title: 'その他の内容',
                  displayCondition: { type: 'show', questionId: 'kind', answers: ['その他'] },
                },
                { itemKey: 'staff', type: 'number', title: '職員用', isAdminItem: true },
                { itemKey: 'guide', type: 'paragraph', title: 'ご案内' },
              ],
            },
          ],
        },
        'rules',
      );
      token = await srv.token('Uvalidator');
    });
    afterAll(async () => srv?.stop());

    it(`gives the client's verdict for every sample value of every type (${cases.length} cases)`, async () => {
      const mismatches: string[] = [];
      for (const c of cases) {
        const values = { x: c.value };
        const item = schemaItemSchema.parse(c.config);
        const expected = validateForm({ surveySchema: [item] }, values, { mode: 'user', today: todayInTokyo() })['x'];
        const r = await srv.api('POST', '/survey-results/putItem', { token, body: { data: rowsOf(c) } });
        const got = r.status === 200 ? undefined : r.json?.itemIssues?.x?.[0]?.key;
        const want = expected?.[0]?.key;
        // A repeated checkbox value is refused earlier, as a malformed body (400 bad_request).
        const refusedAsMalformed = r.status === 400 && r.json?.code === 'bad_request';
        // A reservation the form accepts is then checked against the stored calendars (none here):
        // the server may refuse it only with the reservation refusals (reservation-write.test.ts).
        const refusedByCalendar =
          c.type === 'reservation' &&
          (r.json?.issues?.[0]?.message === 'reservationUnknown' || ['slot_unavailable', 'quota_exceeded', 'calendar_off'].includes(r.json?.code));
        // A secure file value the form accepts must then name the resident's own entries (none
        // here): the server may refuse it only as invalidValue (files.test.ts).
        const refusedByFiles = c.type === 'secureFiles' && r.status === 400 && got === 'invalidValue';
        // A bed is chosen only with a stay, through the bed calls (beds.test.ts): putItem refuses it.
        const refusedByBeds = c.type === 'selectBed' && r.status === 400 && r.json?.code === 'bed_survey';
        if (want === undefined ? r.status !== 200 && !refusedByCalendar && !refusedByFiles && !refusedByBeds : r.status !== 400 || (got !== want && !refusedAsMalformed)) {
          mismatches.push(`${c.type} ${JSON.stringify(c.value)}: client ${want ?? 'ok'}, server ${r.status} ${got ?? ''}`);
        }
      }
      expect(mismatches).toEqual([]);
    });

    it('refuses a missing required item with its message key and writes nothing', async () => {
      const r = await srv.api('POST', '/survey-results/putItem', {
        token,
        body: { data: [{ surveyId: 'rules', itemKey: 'tel', value: '0312345678' }] },
      });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ result: 'ERROR', code: 'invalid_answer', errorMessage: '入力内容を確認してください' });
      expect(r.json.itemIssues).toEqual({ name: [{ key: 'required' }] });
      const rows = await srv.api('GET', '/survey-results/getBySurveyIdUserIdIndex?surveyId=rules', { token });
      expect(rows.json.data).toEqual([]);
    });

    it('names every invalid item at once', async () => {
      const r = await srv.api('POST', '/survey-results/putItem', {
        token,
        body: { data: [{ surveyId: 'rules', itemKey: 'tel', value: '03-1234' }, { surveyId: 'rules', itemKey: 'kind', value: '団体' }] },
      });
      expect(r.status).toBe(400);
      expect(Object.keys(r.json.itemIssues).sort()).toEqual(['kind', 'name', 'tel']);
      expect(r.json.itemIssues.tel[0].key).toBe('phone');
    });

    it('drops what the form would not send: hidden items and static items', async () => {
      const r = await srv.api('POST', '/survey-results/putItem', {
        token,
        body: {
          data: [
            { surveyId: 'rules', itemKey: 'name', value: '山田 花子' },
            { surveyId: 'rules', itemKey: 'kind', value: '個人' },
            { surveyId: 'rules', itemKey: 'other', value: '隠れているはずの値' },
            { surveyId: 'rules', itemKey: 'guide', value: 'static' },
          ],
        },
      });
      expect(r.status).toBe(200);
      expect(r.json.data.map((row: { itemKey: string }) => row.itemKey).sort()).toEqual(['kind', 'name']);
    });

    it('keeps an admin item filled from the URL, and checks its value', async () => {
      const ok = await srv.api('POST', '/survey-results/putItem', {
        token,
        body: { data: [{ surveyId: 'rules', itemKey: 'name', value: '佐藤' }, { surveyId: 'rules', itemKey: 'staff', value: '12' }] },
      });
      expect(ok.status).toBe(200);
      expect(ok.json.data.some((row: { itemKey: string; value: string }) => row.itemKey === 'staff' && row.value === '12')).toBe(true);
      const bad = await srv.api('POST', '/survey-results/putItem', {
        token,
        body: { data: [{ surveyId: 'rules', itemKey: 'name', value: '佐藤' }, { surveyId: 'rules', itemKey: 'staff', value: '十二' }] },
      });
      expect(bad.status).toBe(400);
      expect(bad.json.itemIssues.staff[0].key).toBe('numberDigitsOnly');
    });

    it('refuses an answer with nothing to store', async () => {
      const r = await srv.api('POST', '/survey-results/putItem', {
        token,
        body: { data: [{ surveyId: 'v-text-0', itemKey: 'x', value: '   ' }] },
      });
      expect(r.status).toBe(400);
      expect(r.json.errorMessage).toBe('入力内容を確認してください');
    });
  });
}

/**
 * Vaccination bookings over HTTP, on each engine (spec 02 §4, §8): the server applies the form's
 * own rules again — a second dose needs the first dose's date and may not come before its
 * interval (日数 and 月数); a first dose drops the previous-vaccine answers; nothing of a refused
 * booking is written and its slot stays free.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestNextDose } from '@core/rules/vaccination';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { bundle, day, surveys, today } from './reservation-fixture';

const SPEC_TEXT = '1回目の接種が完了していない場合、2回目の接種の予約を実施できません。';
const maker = {
  itemKey: 'maker',
  type: 'previousVaccineMaker',
  title: '前回のワクチン',
  options: ['ファイザー', 'モデルナ'],
  sectionOptions: [
    { option: 'ファイザー', groupheader: '20' },
    { option: 'モデルナ', groupheader: '1' },
  ],
};
const vaccineForm = (surveyId: string, interval: '日数' | '月数') => ({
  surveyId,
  surveyTitle: 'ワクチン接種予約',
  surveyType: 'corona',
  isAppending: { value: true },
  vaccinationIntervalType: { input: interval },
  surveySchema: [
    { itemKey: 'kaisu', type: 'countVaccines', title: '接種回数', isRequired: { value: true } },
    maker,
    { itemKey: 'zenkai', type: 'previousVaccineDate', title: '前回の接種日' },
    { itemKey: 'yoyaku', type: 'reservation', title: '予約', isRequired: { value: true } },
    { itemKey: 'jisshi', type: 'sesshuJisshiDate', title: '接種日', isAdminItem: true },
  ],
});
const offsetOf = (d: { since(o: typeof today): { days: number } }) => d.since(today).days;

for (const engine of engines()) {
  describe(`vaccination bookings (${engine})`, () => {
    let srv: TestServer;
    let token: string;
    const book = (surveyId: string, offset: number, answers: Record<string, string>) =>
      srv.api('POST', '/survey-results/putItem', {
        token,
        body: {
          data: [
            { surveyId, itemKey: 'yoyaku', value: `naika-b_v1|${day(offset)}|2` },
            ...Object.entries(answers).map(([itemKey, value]) => ({ surveyId, itemKey, value })),
          ],
        },
      });
    const reservedOn = async (offset: number) =>
      Number(
        (
          await srv.deps.store.db
            .selectFrom('slots')
            .select('reserved')
            .where('calendar_id', '=', 'cal-b')
            .where('day', '=', day(offset))
            .where('slot', '=', '2')
            .executeTakeFirstOrThrow()
        ).reserved,
      );
    const storedRows = async (partitionKey: string) =>
      (await srv.deps.store.db.selectFrom('survey_results').select(['item_key', 'value']).where('partition_key', '=', partitionKey).execute()).map(
        (r) => r.item_key,
      );

    beforeAll(async () => {
      srv = await startTestServer(engine);
      await importBundle(srv.deps.store, bundle({ surveyConfigs: [...surveys, vaccineForm('vac-days', '日数'), vaccineForm('vac-months', '月数')] }), 'fixture');
      token = await srv.token('U-vaccine');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('a first dose is booked; its previous-vaccine answers are dropped (count 1 removes them)', async () => {
      const r = await book('vac-days', 2, { kaisu: '1', maker: 'ファイザー', zenkai: day(-30) });
      expect(r.status).toBe(200);
      const pk = (r.json as { partitionKey: string }).partitionKey;
      expect((await storedRows(pk)).sort()).toEqual(['kaisu', 'yoyaku']);
      expect(await reservedOn(2)).toBe(1);
    });

    it('a second dose without a first dose date is refused with the spec text, nothing written', async () => {
      const before = await reservedOn(3);
      const r = await book('vac-days', 3, { kaisu: '2', maker: 'ファイザー' });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ result: 'ERROR', code: 'first_dose_missing', errorMessage: SPEC_TEXT });
      expect((r.json as { itemIssues: unknown }).itemIssues).toEqual({ yoyaku: [{ key: 'vaccineFirstDoseMissing' }] });
      expect(await reservedOn(3)).toBe(before);
    });

    it('日数: the second dose a day before first date + 21 is refused; on that day it is booked', async () => {
      const first = day(-8); // ファイザー: 20 + 1 days → day 13
      const early = await book('vac-days', 12, { kaisu: '2', maker: 'ファイザー', zenkai: first });
      expect(early.status).toBe(400);
      expect(early.json).toMatchObject({ errorMessage: SPEC_TEXT });
      expect((early.json as { itemIssues: unknown }).itemIssues).toEqual({ yoyaku: [{ key: 'vaccineTooEarly', params: { date: day(13) } }] });
      expect(await reservedOn(12)).toBe(0);
      const onTime = await book('vac-days', 13, { kaisu: '2', maker: 'ファイザー', zenkai: first });
      expect(onTime.status).toBe(200);
      expect(await reservedOn(13)).toBe(1);
    });

    it('月数: the interval counts months (モデルナ: 1 month, then a day)', async () => {
      const first = today.subtract({ days: 25 });
      const earliest = offsetOf(earliestNextDose(first, 1, '月数'));
      expect(earliest).toBeGreaterThan(1);
      expect(earliest).toBeLessThanOrEqual(20);
      const early = await book('vac-months', earliest - 1, { kaisu: '3', maker: 'モデルナ', zenkai: first.toString() });
      expect(early.status).toBe(400);
      expect((early.json as { itemIssues: unknown }).itemIssues).toEqual({ yoyaku: [{ key: 'vaccineTooEarly', params: { date: day(earliest) } }] });
      const onTime = await book('vac-months', earliest, { kaisu: '3', maker: 'モデルナ', zenkai: first.toString() });
      expect(onTime.status).toBe(200);
    });

    it('a count outside 1–99 is refused', async () => {
      const r = await book('vac-days', 4, { kaisu: '100' });
      expect(r.status).toBe(400);
      expect((r.json as { itemIssues: unknown }).itemIssues).toEqual({ kaisu: [{ key: 'optionNotInList' }] });
    });
  });
}

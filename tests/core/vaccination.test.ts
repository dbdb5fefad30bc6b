/** Vaccination rules (spec 02 §4): intervals, the second-dose refusal, count 1 removing items. */
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { surveyConfigSchema } from '@core/form/survey-config';
import { validateForm } from '@core/form/validate';
import { visibleItemKeys } from '@core/form/visibility';
import { checkVaccination, earliestNextDose, makerInterval, nextDoseEarliest, nextDoseKeys, windowForDose } from '@core/rules/vaccination';
import { SAMPLE_TODAY } from './sample-today';

const d = (s: string) => Temporal.PlainDate.from(s);
const maker = {
  itemKey: 'maker',
  type: 'previousVaccineMaker',
  title: '前回のワクチン',
  options: ['ファイザー', 'モデルナ', '不明'],
  sectionOptions: [
    { option: 'ファイザー', groupheader: '20' },
    { option: 'モデルナ', groupheader: '27' },
    { option: '不明', groupheader: 'なし' },
  ],
};
const form = (interval?: '日数' | '月数') =>
  surveyConfigSchema.parse({
    surveyId: 'vac',
    surveyTitle: '接種予約',
    ...(interval ? { vaccinationIntervalType: { input: interval } } : {}),
    surveySchema: [
      { itemKey: 'count', type: 'countVaccines', title: '接種回数', isRequired: { value: true } },
      maker,
      { itemKey: 'prev', type: 'previousVaccineDate', title: '前回の接種日' },
      { itemKey: 'yoyaku', type: 'reservation', title: '予約' },
      { itemKey: 'jisshi', type: 'sesshuJisshiDate', title: '接種日', isAdminItem: true },
    ],
  });
const booking = (date: string) => `cat_v1|${date}|1`;

describe('earliestNextDose', () => {
  it('defaults to 21 days', () => {
    expect(earliestNextDose(d('2026-01-10'), undefined).toString()).toBe('2026-01-31');
    expect(earliestNextDose(d('2026-01-10'), undefined, '月数').toString()).toBe('2026-01-31');
  });
  it('日数: the header value plus one day', () => {
    expect(earliestNextDose(d('2026-01-10'), 20).toString()).toBe('2026-01-31');
    expect(earliestNextDose(d('2026-01-10'), 27, '日数').toString()).toBe('2026-02-07');
    expect(earliestNextDose(d('2026-01-10'), 0).toString()).toBe('2026-01-11');
  });
  it('月数: the months pass, then one day', () => {
    expect(earliestNextDose(d('2026-01-10'), 6, '月数').toString()).toBe('2026-07-11');
    // 31 January + 1 month is the last of February; the next day is 1 March.
    expect(earliestNextDose(d('2026-01-31'), 1, '月数').toString()).toBe('2026-03-01');
    expect(earliestNextDose(d('2024-01-31'), 1, '月数').toString()).toBe('2024-03-01');
  });
});

describe('makerInterval', () => {
  it('reads the chosen maker’s group header value; unknown or not a number is the default', () => {
    expect(makerInterval(maker, 'ファイザー')).toBe(20);
    expect(makerInterval(maker, 'モデルナ')).toBe(27);
    expect(makerInterval(maker, '不明')).toBeUndefined();
    expect(makerInterval(maker, 'その他')).toBeUndefined();
    expect(makerInterval(maker, undefined)).toBeUndefined();
  });
});

describe('checkVaccination', () => {
  const get = (values: Record<string, string>) => (k: string) => values[k];
  it('a first dose has nothing to check', () => {
    expect(checkVaccination(form(), get({ count: '1', yoyaku: booking('2026-01-01') }))).toBeUndefined();
  });
  it('a second dose without the first dose date is refused on the reservation item', () => {
    expect(checkVaccination(form(), get({ count: '2', yoyaku: booking('2026-03-01') }))).toEqual({ itemKey: 'yoyaku', reason: 'firstDoseMissing' });
  });
  it('a second dose before the earliest day is refused, on it accepted', () => {
    const base = { count: '2', maker: 'ファイザー', prev: '2026-01-10' };
    const early = checkVaccination(form(), get({ ...base, yoyaku: booking('2026-01-30') }));
    expect(early).toMatchObject({ itemKey: 'yoyaku', reason: 'tooEarly' });
    expect(early?.reason === 'tooEarly' && early.earliest.toString()).toBe('2026-01-31');
    expect(checkVaccination(form(), get({ ...base, yoyaku: booking('2026-01-31') }))).toBeUndefined();
    expect(checkVaccination(form(), get({ ...base, maker: 'モデルナ', yoyaku: booking('2026-02-06') }))).toMatchObject({ reason: 'tooEarly' });
  });
  it('月数 forms count months', () => {
    const base = { count: '3', maker: 'ファイザー', prev: '2026-01-10' };
    expect(checkVaccination(form('月数'), get({ ...base, yoyaku: booking('2027-09-10') }))).toMatchObject({ reason: 'tooEarly' });
    expect(checkVaccination(form('月数'), get({ ...base, yoyaku: booking('2027-09-11') }))).toBeUndefined();
  });
  it('no reservation chosen: nothing to check yet', () => {
    expect(checkVaccination(form(), get({ count: '2' }))).toBeUndefined();
  });
});

describe('nextDoseEarliest', () => {
  const get = (values: Record<string, string>) => (k: string) => values[k];
  it('is none for a first dose or an unreadable count, missing without a previous date, else the earliest day', () => {
    expect(nextDoseEarliest(form(), get({ count: '1' }))).toEqual({ kind: 'none' });
    expect(nextDoseEarliest(form(), get({ count: '0' }))).toEqual({ kind: 'none' });
    expect(nextDoseEarliest(form(), get({ count: '2' }))).toEqual({ kind: 'missing' });
    const from = nextDoseEarliest(form(), get({ count: '2', maker: 'モデルナ', prev: '2026-01-10' }));
    expect(from.kind === 'from' && from.date.toString()).toBe('2026-02-07');
  });
  it('names the items it reads', () => {
    expect(nextDoseKeys(form())).toEqual(['count', 'maker', 'prev']);
  });
});

describe('windowForDose', () => {
  const d = (iso: string) => Temporal.PlainDate.from(iso);
  const window = { first: d('2026-03-01'), last: d('2026-05-31') };
  it('holds back the days before the earliest, keeping the window’s last day', () => {
    const held = windowForDose(window, d('2026-03-20'));
    expect([held.first.toString(), held.last.toString()]).toEqual(['2026-03-20', '2026-05-31']);
  });
  it('leaves the window as it is when the earliest is in the past of it, or not known yet', () => {
    expect(windowForDose(window, d('2026-02-10'))).toBe(window);
    expect(windowForDose(window, undefined)).toBe(window);
  });
  it('an earliest after the last day leaves no day to book', () => {
    const held = windowForDose(window, d('2026-06-02'));
    expect(Temporal.PlainDate.compare(held.first, held.last)).toBeGreaterThan(0);
  });
});

describe('the form', () => {
  const ctx = { mode: 'user' as const, today: SAMPLE_TODAY };
  it('count 1 removes the previous-vaccine items, so their answers are neither checked nor sent', () => {
    const shown = visibleItemKeys(form(), { count: '1' }, 'user');
    expect(shown.has('maker')).toBe(false);
    expect(shown.has('prev')).toBe(false);
    expect(visibleItemKeys(form(), { count: '2' }, 'user').has('prev')).toBe(true);
    expect(validateForm(form(), { count: '1', prev: 'きのう', yoyaku: booking('2025-07-01') }, ctx)).toEqual({});
  });
  it('validateForm puts the refusal on the reservation item with the earliest day', () => {
    expect(validateForm(form(), { count: '2', yoyaku: booking('2025-07-01') }, ctx)).toEqual({ yoyaku: [{ key: 'vaccineFirstDoseMissing' }] });
    expect(validateForm(form(), { count: '2', maker: 'ファイザー', prev: '2025-06-20', yoyaku: booking('2025-07-01') }, ctx)).toEqual({
      yoyaku: [{ key: 'vaccineTooEarly', params: { date: '2025-07-11' } }],
    });
  });
});

/** displayCondition.bunruiKey (spec 01 §3, §4): items shown or hidden by a reservation's category. */
import { describe, expect, it } from 'vitest';
import { surveyConfigSchema, type SurveyConfigInput } from '@core/form/survey-config';
import { visibleItemKeys, type CategoryLookup } from '@core/form/visibility';
import { answerValues, validateForm } from '@core/form/validate';
import { SAMPLE_TODAY } from './sample-today';

const CATEGORIES: Record<string, { tag1: string; tag2: string | null; tag3: string | null }> = {
  'naika-ippan-shoshin': { tag1: '内科', tag2: '一般内科', tag3: '初診' },
  'naika-ippan-saishin': { tag1: '内科', tag2: '一般内科', tag3: '再診' },
  'kenshin-tokutei-kihon': { tag1: '健診', tag2: '特定健診', tag3: '基本健診' },
};
const categoryOf: CategoryLookup = (id) => CATEGORIES[id] ?? null;

const schema: SurveyConfigInput['surveySchema'] = [
  { itemKey: 'yoyaku', type: 'reservation', title: '予約' },
  { itemKey: 'shojo', type: 'text', title: '症状', isRequired: { value: true }, displayCondition: { type: 'show', questionId: 'yoyaku', bunruiKey: 'large', answers: ['内科'] } },
  { itemKey: 'shoshin_memo', type: 'text', title: '紹介状', displayCondition: { type: 'show', questionId: 'yoyaku', bunruiKey: 'tag3', answers: ['初診'] } },
  { itemKey: 'not_kenshin', type: 'text', title: '服薬', displayCondition: { type: 'hide', questionId: 'yoyaku', bunruiKey: 'medium', answers: ['特定健診'] } },
];
const config = { ...surveyConfigSchema.parse({ surveyId: 'bunrui', surveyTitle: '分類', surveySchema: schema }), categoryOf };
const visible = (yoyaku?: string) => [...visibleItemKeys(config, yoyaku ? { yoyaku } : {}, 'user')];

describe('displayCondition with bunruiKey', () => {
  it('matches the name of the chosen category at the level bunruiKey names', () => {
    expect(visible('naika-ippan-shoshin_i1|2026-07-01|1')).toEqual(['yoyaku', 'shojo', 'shoshin_memo', 'not_kenshin']);
    expect(visible('naika-ippan-saishin_i2|2026-07-01|1')).toEqual(['yoyaku', 'shojo', 'not_kenshin']);
    expect(visible('kenshin-tokutei-kihon_k1|2026-07-01|1')).toEqual(['yoyaku']);
  });

  it('no reservation, an unknown category or no lookup: show conditions closed, hide conditions open', () => {
    expect(visible()).toEqual(['yoyaku', 'not_kenshin']);
    expect(visible('cal-naika_i1|2026-07-01|1')).toEqual(['yoyaku', 'not_kenshin']);
    const blind = { ...config, categoryOf: undefined };
    expect([...visibleItemKeys(blind, { yoyaku: 'naika-ippan-shoshin_i1|2026-07-01|1' }, 'user')]).toEqual(['yoyaku', 'not_kenshin']);
  });

  it('a hidden item is neither validated nor sent; a shown one is required', () => {
    const ctx = { mode: 'user' as const, today: SAMPLE_TODAY };
    const kenshin = { yoyaku: 'kenshin-tokutei-kihon_k1|2026-07-01|1', shojo: '頭痛', not_kenshin: 'x' };
    expect(validateForm(config, { yoyaku: kenshin.yoyaku }, ctx)).toEqual({});
    expect(answerValues(config, kenshin, 'user')).toEqual({ yoyaku: kenshin.yoyaku });
    expect(validateForm(config, { yoyaku: 'naika-ippan-saishin_i2|2026-07-01|1' }, ctx)).toEqual({ shojo: [{ key: 'required' }] });
  });

  it('refuses a bunruiKey that names no level', () => {
    const bad = surveyConfigSchema.safeParse({
      surveyId: 'x',
      surveyTitle: 'x',
      surveySchema: [{ itemKey: 'a', type: 'text', displayCondition: { type: 'show', questionId: 'y', bunruiKey: 'huge', answers: [] } }],
    });
    expect(bad.success).toBe(false);
  });
});

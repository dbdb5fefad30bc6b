/** Form-level rules: requiredness, visibility, validateForm, the answer sent, rows. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { surveyConfigSchema, type SurveyConfig, type SurveyConfigInput } from '@core/form/survey-config';
import { itemSections, visibleItemKeys } from '@core/form/visibility';
import { answerValues, isAnswerRequired, isFormValid, validateForm, validateItem } from '@core/form/validate';
import { rowsFromValues, valuesFromRows } from '@core/form/rows';
import { isItemRequired } from '@core/rules/required';
import { SAMPLE_TODAY } from './sample-today';
import type { FormValue, FormValues, Mode } from '@core/items/define';
import { textCharacterType } from '@core/items/text';
import { SEARCH_NO_MATCH } from '@core/items/search';

const form = (surveySchema: SurveyConfigInput['surveySchema']): SurveyConfig =>
  surveyConfigSchema.parse({ surveyId: 'test-form', surveyTitle: 'テスト', surveySchema });

const config = form([
  { itemKey: 'intro', type: 'paragraph', title: 'はじめに' },
  { itemKey: 'kubun', type: 'radio', title: '区分', isRequired: { value: true }, options: ['市内在住', '市内在勤・在学', 'その他'] },
  { itemKey: 'kubun_sonota', type: 'text', title: 'その他の内容', isRequired: { value: true }, displayCondition: { type: 'show', questionId: 'kubun', answers: ['その他'] } },
  { itemKey: 'chain', type: 'text', title: '連鎖', displayCondition: { type: 'show', questionId: 'kubun_sonota', answers: ['x'] } },
  { itemKey: 'gakko', type: 'dropdown', title: '学校', options: ['第一小', '第二小'], displayCondition: { type: 'hide', questionId: 'kubun', answers: ['市内在住', 'その他'] } },
  { itemKey: 'interests', type: 'checkboxes', title: '関心', options: ['子育て', '福祉', 'その他'] },
  { itemKey: 'interests_other', type: 'text', title: '関心（その他）', displayCondition: { type: 'show', questionId: 'interests', answers: ['その他'] } },
  { itemKey: 'staff', type: 'text', title: '担当者メモ', isAdminItem: true, isRequired: { admin: true } },
  {
    itemKey: 'shubetsu',
    type: 'choiceGroupHeader',
    title: '申込種別',
    options: ['個人', '団体'],
    sectionOptions: [
      { option: '個人', groupheader: '個人でのお申込み' },
      { option: '団体', groupheader: 'dantai_group' },
    ],
  },
  { itemKey: 'kojin_group', type: 'groupHeader', title: '個人でのお申込み' },
  { itemKey: 'kojin_name', type: 'text', title: '氏名', isRequired: { value: true } },
  { itemKey: 'dantai_group', type: 'groupHeader', title: '団体でのお申込み' },
  { itemKey: 'dantai_name', type: 'text', title: '団体名', isRequired: { value: true } },
  { itemKey: 'free_group', type: 'groupHeader', title: '自由記入', displayCondition: { type: 'hide', questionId: 'kubun', answers: ['市内在住'] } },
  { itemKey: 'free_memo', type: 'textarea', title: 'メモ' },
  { itemKey: 'free_date', type: 'date', title: '日付' },
]);

const visible = (values: FormValues, mode: Mode = 'user') => [...visibleItemKeys(config, values, mode)];

describe('isItemRequired (spec 01 §5)', () => {
  it.each([
    [{}, false, false],
    [{ isRequired: { value: true } }, true, true],
    [{ isRequired: { value: false } }, false, false],
    [{ isRequiredForUser: { value: true } }, true, false],
    [{ isRequired: { value: true, admin: false } }, true, false],
    [{ isRequired: { value: false, admin: true } }, false, true],
    [{ isRequired: { admin: true } }, false, true],
    [{ isRequired: { value: false }, isRequiredForUser: { value: true } }, true, false],
  ])('%j: user %s, admin %s', (flags, user, admin) => {
    expect(isItemRequired(flags, 'user')).toBe(user);
    expect(isItemRequired(flags, 'admin')).toBe(admin);
  });
});

describe('visibleItemKeys', () => {
  it('with no answers: show conditions closed, hide conditions open, gated sections closed, admin items hidden', () => {
    expect(visible({})).toEqual(['intro', 'kubun', 'gakko', 'interests', 'shubetsu', 'free_group', 'free_memo', 'free_date']);
  });

  it('show and hide conditions follow a radio answer', () => {
    expect(visible({ kubun: 'その他' })).toEqual(expect.arrayContaining(['kubun_sonota']));
    expect(visible({ kubun: 'その他' })).not.toContain('gakko');
    expect(visible({ kubun: '市内在勤・在学' })).toContain('gakko');
    expect(visible({ kubun: '市内在勤・在学' })).not.toContain('kubun_sonota');
  });

  it('a checkbox question matches when any chosen value is in answers', () => {
    expect(visible({ interests: ['子育て'] })).not.toContain('interests_other');
    expect(visible({ interests: ['子育て', 'その他'] })).toContain('interests_other');
    expect(visible({ interests: 'その他' })).toContain('interests_other');
  });

  it('a hidden question counts as unanswered, so conditions chain', () => {
    expect(visible({ kubun: '市内在住', kubun_sonota: 'x' })).not.toContain('chain');
    expect(visible({ kubun: 'その他', kubun_sonota: 'x' })).toContain('chain');
  });

  it('admin items show in admin mode only', () => {
    expect(visible({})).not.toContain('staff');
    expect(visible({}, 'admin')).toContain('staff');
  });

  it('a choice group header opens only the chosen option’s section, by header title or itemKey', () => {
    expect(visible({ shubetsu: '個人' })).toEqual(expect.arrayContaining(['kojin_group', 'kojin_name']));
    expect(visible({ shubetsu: '個人' })).not.toContain('dantai_name');
    expect(visible({ shubetsu: '団体' })).toEqual(expect.arrayContaining(['dantai_group', 'dantai_name']));
    expect(visible({ shubetsu: '団体' })).not.toContain('kojin_name');
  });

  it('a hidden group header hides its whole section, up to the next header', () => {
    expect(visible({ kubun: '市内在住' })).not.toEqual(expect.arrayContaining(['free_group']));
    expect(visible({ kubun: '市内在住' })).not.toContain('free_memo');
    expect(visible({ kubun: '市内在住' })).not.toContain('free_date');
    expect(Object.fromEntries(itemSections(config))).toEqual({
      kojin_name: 'kojin_group',
      dantai_name: 'dantai_group',
      free_memo: 'free_group',
      free_date: 'free_group',
    });
  });

  it('keeps form order, tolerates a missing question and breaks condition cycles', () => {
    const odd = form([
      { itemKey: 'a', type: 'text', displayCondition: { type: 'show', questionId: 'b', answers: ['1'] } },
      { itemKey: 'b', type: 'text', displayCondition: { type: 'show', questionId: 'a', answers: ['1'] } },
      { itemKey: 'c', type: 'text', displayCondition: { type: 'show', questionId: 'nowhere', answers: ['1'] } },
      { itemKey: 'd', type: 'text', displayCondition: { type: 'hide', questionId: 'nowhere', answers: ['1'] } },
      { itemKey: 'e', type: 'text', displayCondition: { type: 'show', questionId: 'e', answers: ['1'] } },
    ]);
    expect([...visibleItemKeys(odd, { a: '1', b: '1', e: '1' }, 'user')]).toEqual(['a', 'b', 'd', 'e']);
    expect([...visibleItemKeys(odd, {}, 'user')]).toEqual(['d']);
  });
});

describe('validateForm', () => {
  const ctx = (mode: Mode = 'user') => ({ mode, today: SAMPLE_TODAY });

  it('checks shown items only: requiredness with the type’s message first', () => {
    expect(validateForm(config, {}, ctx())).toEqual({ kubun: [{ key: 'required' }] });
    expect(validateForm(config, { kubun: 'その他' }, ctx())).toEqual({ kubun_sonota: [{ key: 'required' }] });
    expect(validateForm(config, { kubun: '市内在住', shubetsu: '個人' }, ctx())).toEqual({ kojin_name: [{ key: 'required' }] });
  });

  it('uses isRequired.admin in admin mode', () => {
    expect(validateForm(config, { kubun: '市内在住' }, ctx('admin'))).toEqual({ staff: [{ key: 'required' }] });
  });

  it('runs the type’s validator on a non-empty value; a hidden item’s bad value is ignored', () => {
    expect(validateForm(config, { kubun: '市外' }, ctx())).toEqual({ kubun: [{ key: 'optionNotInList' }] });
    expect(validateForm(config, { kubun: '市内在勤・在学', gakko: '第三小' }, ctx())).toEqual({ gakko: [{ key: 'optionNotInList' }] });
    expect(validateForm(config, { kubun: '市内在住', gakko: '第三小', kojin_name: '' }, ctx())).toEqual({});
    expect(validateForm(config, { kubun: '市内在勤・在学', free_date: '2099-01-01' }, ctx())).toEqual({ free_date: [{ key: 'dateFuture' }] });
  });

  it('a valid form has no entries', () => {
    const issues = validateForm(config, { kubun: 'その他', kubun_sonota: '転勤予定', shubetsu: '団体', dantai_name: 'さくら会' }, ctx());
    expect(issues).toEqual({});
    expect(isFormValid(issues)).toBe(true);
  });

  it('dropdown and suggest ask with 必須項目; "null" dates are empty; checkbox selection.min makes an answer necessary', () => {
    const f = form([
      { itemKey: 'dd', type: 'dropdown', options: ['a'], isRequired: { value: true } },
      { itemKey: 'sg', type: 'suggest', options: ['a'], isRequiredForUser: { value: true } },
      { itemKey: 'dt', type: 'date', isRequired: { value: true } },
      { itemKey: 'cb', type: 'checkboxes', options: ['a', 'b', 'c'], selection: { min: 2 } },
      { itemKey: 'cb0', type: 'checkboxes', options: ['a', 'b', 'c'] },
      { itemKey: 'sr', type: 'search', isRequired: { value: true } },
    ]);
    expect(validateForm(f, { dt: 'null', cb0: [], sr: SEARCH_NO_MATCH }, ctx())).toEqual({
      dd: [{ key: 'requiredItem' }],
      sg: [{ key: 'requiredItem' }],
      dt: [{ key: 'required' }],
      cb: [{ key: 'required' }],
    });
    expect(validateForm(f, { dd: 'a', sg: 'a', dt: '2020-01-01', cb: ['a'], sr: 'x' }, ctx())).toEqual({ cb: [{ key: 'selectionMin', params: { min: 2 } }] });
    const cb = f.surveySchema[3]!;
    expect(isAnswerRequired(cb, 'user')).toBe(true);
    expect(isItemRequired(cb, 'user')).toBe(false);
  });

  it('validateItem ignores items that hold no answer', () => {
    expect(validateItem(config.surveySchema[0]!, 'x', ctx())).toEqual([]);
  });
});

describe('answerValues', () => {
  it('leaves out hidden items, blank values, "null" dates and items without answers', () => {
    const values: FormValues = {
      intro: 'x',
      kubun: '市内在住',
      kubun_sonota: '隠れている',
      gakko: '第一小',
      interests: ['子育て', ''],
      interests_other: '隠れている',
      staff: 'メモ',
      shubetsu: '個人',
      kojin_name: '  ',
      dantai_name: '隠れている',
      free_memo: '隠れている',
    };
    // The admin item `staff` is hidden from the resident but, filled from the URL, is still sent.
    expect(answerValues(config, values, 'user')).toEqual({ kubun: '市内在住', interests: ['子育て'], staff: 'メモ', shubetsu: '個人' });
    expect(answerValues(config, { ...values, kubun: 'その他' }, 'admin')).toEqual({
      kubun: 'その他',
      kubun_sonota: '隠れている',
      interests: ['子育て'],
      staff: 'メモ',
      shubetsu: '個人',
      free_memo: '隠れている',
    });
    expect(answerValues(config, { kubun: '市内在勤・在学', free_date: 'null', interests: 'その他' }, 'user')).toEqual({
      kubun: '市内在勤・在学',
      interests: ['その他'],
    });
  });
});

describe('rows', () => {
  it('one row per item, one per checkbox value with sortKey itemKey#value, in form order', () => {
    const rows = rowsFromValues(config, { interests: ['福祉', 'その他'], kubun: 'その他', intro: 'x', unknown: 'y', free_memo: '' });
    expect(rows).toEqual([
      { surveyId: 'test-form', itemKey: 'kubun', title: '区分', value: 'その他', sortKey: 'kubun' },
      { surveyId: 'test-form', itemKey: 'interests', title: '関心', value: '福祉', sortKey: 'interests#福祉' },
      { surveyId: 'test-form', itemKey: 'interests', title: '関心', value: 'その他', sortKey: 'interests#その他' },
    ]);
  });

  it('reads stored rows back, a checkbox value row per value, a legacy row as one string', () => {
    expect(
      valuesFromRows([
        { itemKey: 'kubun', sortKey: 'kubun', value: 'その他' },
        { itemKey: 'interests', sortKey: 'interests#福祉', value: '福祉' },
        { itemKey: 'interests', sortKey: 'interests#a#b', value: 'a#b' },
        { itemKey: 'old', value: 'legacy' },
      ]),
    ).toEqual({ kubun: 'その他', interests: ['福祉', 'a#b'], old: 'legacy' });
  });

  it('property: answer → rows → values is the answer', () => {
    const answer = fc.record(
      {
        kubun: fc.constantFrom('市内在住', '市内在勤・在学', 'その他'),
        kubun_sonota: fc.string({ minLength: 1 }),
        interests: fc.subarray(['子育て', '福祉', 'その他'], { minLength: 0 }),
        interests_other: fc.string(),
        staff: fc.string(),
        shubetsu: fc.constantFrom('個人', '団体'),
        kojin_name: fc.string(),
        dantai_name: fc.string(),
        free_memo: fc.string({ unit: 'grapheme' }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(answer, fc.constantFrom<Mode>('user', 'admin'), (values, mode) => {
        const sent: Record<string, FormValue> = answerValues(config, values, mode);
        expect(valuesFromRows(rowsFromValues(config, sent))).toEqual(sent);
      }),
      { numRuns: 300 },
    );
  });
});

describe('demo bundle', () => {
  const bundle = JSON.parse(fs.readFileSync(new URL('../../demo/bundle.json', import.meta.url), 'utf8')) as { surveyConfigs: unknown[] };
  const configs = bundle.surveyConfigs.map((c) => surveyConfigSchema.parse(c));

  it('parses with the item union and works with the form rules', () => {
    for (const c of configs) {
      expect(visibleItemKeys(c, {}, 'user').size).toBeGreaterThan(0);
      expect(validateForm(c, {}, { mode: 'user', today: SAMPLE_TODAY })).toBeTypeOf('object');
    }
  });

  it('reads the older attributes.characterType as the text character type', () => {
    const kana = configs.flatMap((c) => c.surveySchema).find((i) => i.itemKey === 'name_kana');
    expect(kana?.type).toBe('text');
    if (kana?.type === 'text') expect(textCharacterType(kana)).toBe('katakana');
  });
});

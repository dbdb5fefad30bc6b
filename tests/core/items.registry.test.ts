/**
 * The item registry, table-driven (convention 4): every type's sample configs, valid and invalid
 * values and normaliser examples, checked the same way; plus the spec's exact message texts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ITEM_TYPES, type ItemType } from '@core/form/item-types';
import { surveyConfigSchema } from '@core/form/survey-config';
import { SAMPLE_TODAY } from './sample-today';
import type { FormValue, ValidateContext } from '@core/items/define';
import { MESSAGE_KEYS, type MessageKey } from '@core/items/messages';
import { itemDefOf, itemDefEntries, schemaItemSchema } from '@core/items/registry';
import { itemSamplesOf } from '@core/items/samples';
import { validateItem } from '@core/form/validate';
import { textFixedLength, textMaxLength } from '@core/items/text';
import { ja } from '../../src/messages/ja';
import { formatMessage } from '../../src/messages/format';

const ctx: ValidateContext = { mode: 'user', today: SAMPLE_TODAY };
const itemOf = (type: ItemType, config: object) => schemaItemSchema.parse({ itemKey: 'q', type, title: '質問', ...config });
const table = ITEM_TYPES.map((type) => [type, itemDefOf(type)] as const);

/** Spec 01 §5: 必須です for most types; dropdown and suggest 必須項目 (our pick of 必須項目 / 必須). */
const REQUIRED_TEXT: Record<ItemType, string> = {
  text: '必須です',
  textarea: '必須です',
  paragraph: '必須です',
  number: '必須です',
  email: '必須です',
  phone: '必須です',
  postcode: '必須です',
  address: '必須です',
  radio: '必須です',
  dropdown: '必須項目',
  suggest: '必須項目',
  date: '必須です',
  dateWithSession: '必須です',
  datepicker: '必須です',
  birthday: '必須です',
  dateDropdown: '必須です',
  checkboxes: '必須です',
  choiceGroupHeader: '必須です',
  linearScale: '必須です',
  groupHeader: '必須です',
  linkButton: '必須です',
  search: '必須です',
  code15: '必須です',
  reservation: '必須です',
  numbering: '必須です',
  memberNumber: '必須です',
  selectProducts: '必須です',
  selectPayType: '必須です',
  image: '必須です',
  secureFiles: '必須です',
  countVaccines: '必須項目',
  previousVaccineMaker: '必須項目',
  previousVaccineDate: '必須です',
  sesshuVaccineMaker: '必須項目',
  sesshuJisshiDate: '必須です',
  facility: '施設を指定してください。',
  location: '必須です',
  selectBed: '必須項目',
};

/** Texts the spec quotes, verbatim (spec 01 §5, §8; 02 §5). */
const SPEC_TEXTS: Partial<Record<MessageKey, string>> = {
  facilityInvalid: '入力内容を確認してください。',
  vaccineFirstDoseMissing: '1回目の接種が完了していない場合、2回目の接種の予約を実施できません。',
  required: '必須です',
  requiredItem: '必須項目',
  requiredShort: '必須',
  numberDigitsOnly: '0~9以外が入力されています',
  numberRange: '範囲内の数値を入力してください。',
  phone: '半角数字10桁-11桁で入力してください。',
  email: '正しいメールを入力してください。',
  postcode: '正しい郵便番号を入力してください。',
  postcodeNotFound: '住所が見つかりません。直接住所を入力してください',
  birthdayFormat: 'フォーマットが正しくありません。',
  code15Length: '15桁入力してください。',
  code15Chars: '半角の英字(小文字)・半角の数字・ハイフンのみ入力可能です。',
  formInvalid: '入力内容を確認してください',
  quantityInteger: '1以上の半角整数を入力してください。',
  purchaseLimit: '全体で{limit}個まで購入可能です。',
};

describe('registry', () => {
  it('has exactly the types of ITEM_TYPES, each under its own key', () => {
    expect(new Set(Object.keys(itemDefEntries))).toEqual(new Set(ITEM_TYPES));
    expect(Object.keys(itemDefEntries)).toHaveLength(ITEM_TYPES.length);
    for (const [type, def] of table) expect(def.type).toBe(type);
  });

  it('every message key has a non-blank text, and the spec texts are verbatim', () => {
    expect(new Set(Object.keys(ja.validation))).toEqual(new Set(MESSAGE_KEYS));
    for (const key of MESSAGE_KEYS) expect(ja.validation[key].trim()).not.toBe('');
    for (const [key, text] of Object.entries(SPEC_TEXTS)) expect(ja.validation[key as MessageKey]).toBe(text);
  });

  it('formatMessage fills {min} and {max} and leaves a missing param visible', () => {
    expect(formatMessage({ key: 'lengthMax', params: { max: 300 } })).toBe('300文字以内で入力してください。');
    expect(formatMessage({ key: 'scaleRange', params: { min: 0, max: 10 } })).toBe('0から10の範囲で選んでください。');
    expect(formatMessage({ key: 'selectionMin' })).toBe('{min}個以上選択してください。');
    expect(formatMessage({ key: 'email' })).toBe('正しいメールを入力してください。');
  });

  it('an unknown type is refused, naming the allowed types', () => {
    expect(schemaItemSchema.safeParse({ itemKey: 'q', type: 'txet' }).success).toBe(false);
    const r = surveyConfigSchema.safeParse({ surveyId: 's', surveyTitle: 'S', surveySchema: [{ itemKey: 'q', type: 'txet' }] });
    expect(r.error?.issues[0]).toMatchObject({ code: 'invalid_value', path: ['surveySchema', 0, 'type'] });
  });

  it("a type's own refusal keeps its path inside the item, under the item's index", () => {
    const r = surveyConfigSchema.safeParse({
      surveyId: 's',
      surveyTitle: 'S',
      surveySchema: [
        { itemKey: 'a', type: 'text' },
        { itemKey: 'b', type: 'text', format: 'fax' },
      ],
    });
    expect(r.error?.issues).toHaveLength(1);
    expect(r.error?.issues[0]).toMatchObject({ code: 'invalid_value', path: ['surveySchema', 1, 'format'] });
  });

  it.each([
    ['radio without options', { itemKey: 'q', type: 'radio' }],
    ['checkboxes with no option', { itemKey: 'q', type: 'checkboxes', options: [] }],
    ['text with an unknown character type', { itemKey: 'q', type: 'text', input: 'emoji' }],
    ['text with an unknown format', { itemKey: 'q', type: 'text', format: 'fax' }],
    ['link button to javascript:', { itemKey: 'q', type: 'linkButton', attributes: { url: 'javascript:alert(1)' } }],
    ['link button to a protocol-relative address', { itemKey: 'q', type: 'linkButton', attributes: { url: '//evil.example/' } }],
    ['datepicker with a non-date bound', { itemKey: 'q', type: 'datepicker', maxDate: '2099-02-30' }],
    ['datepicker with a fractional day offset', { itemKey: 'q', type: 'datepicker', minDate: 1.5 }],
    ['date with a day offset past a century', { itemKey: 'q', type: 'date', minDate: -40000 }],
    ['date with session with a non-date bound', { itemKey: 'q', type: 'dateWithSession', minDate: '2026-13-45' }],
    ['linear scale with a fractional bound', { itemKey: 'q', type: 'linearScale', scale_max: 5.5 }],
    ['itemKey with #', { itemKey: 'q#1', type: 'text' }],
  ])('refuses a config: %s', (_name, config) => {
    expect(schemaItemSchema.safeParse(config).success).toBe(false);
  });

  it('keeps fields it does not know and applies the type defaults', () => {
    const item = itemOf('linearScale', { futureField: { a: 1 } });
    expect(item).toMatchObject({ futureField: { a: 1 }, scale_min: 0, scale_max: 10, title: '質問' });
    expect(itemOf('datepicker', {})).toMatchObject({ maxDate: '2099-12-31' });
    expect(itemOf('datepicker', {}).initialDate).toBeUndefined();
    expect(itemOf('text', {})).toMatchObject({ format: 'any', halfWidthOnly: false, fullKatakanaOnly: false });
    expect(itemOf('checkboxes', { options: ['a'] }).selection).toBeUndefined();
  });
});

describe.each(table)('item type %s', (type, def) => {
  const samples = itemSamplesOf(type);
  const items = samples.configs.map((c) => itemOf(type, c));

  it('brings samples', () => {
    expect(samples.configs.length).toBeGreaterThan(0);
    if (def.valueKind !== 'none') {
      expect(samples.valid.length + (samples.validFor?.length ?? 0)).toBeGreaterThan(0);
      expect(samples.invalid.length).toBeGreaterThan(0);
    }
  });

  it('every sample config parses with schemaItemSchema', () => {
    for (const c of samples.configs) expect(schemaItemSchema.safeParse({ itemKey: 'q', type, title: 'T', ...c }).error).toBeUndefined();
  });

  it('every valid value gives no issue under every config', () => {
    for (const item of items) for (const v of samples.valid) expect([v, def.validate(v, item, ctx)]).toEqual([v, []]);
    for (const { value, config } of samples.validFor ?? []) expect([value, def.validate(value, items[config]!, ctx)]).toEqual([value, []]);
  });

  it('every invalid value gives exactly the expected first issue, with a text in ja.validation', () => {
    for (const { value, issue, config = 0 } of samples.invalid) {
      const got = def.validate(value, items[config]!, ctx);
      expect([value, got[0]]).toEqual([value, issue]);
      expect(ja.validation[issue.key]).toBeTypeOf('string');
      expect(formatMessage(issue)).not.toMatch(/\{\w+\}/);
    }
  });

  it(`asks for an answer with ${REQUIRED_TEXT[type]}`, () => {
    expect(ja.validation[def.requiredKey]).toBe(REQUIRED_TEXT[type]);
    const required = itemOf(type, { ...samples.configs[0], isRequired: { value: true } });
    const blanks: FormValue[] = ['', '  ', '\u3000', []];
    for (const blank of blanks) {
      expect(validateItem(required, blank, ctx)).toEqual(def.valueKind === 'none' ? [] : [{ key: def.requiredKey }]);
      expect(validateItem(items[0]!, blank, ctx)).toEqual([]);
    }
  });

  it('normalises the sample inputs, idempotently', () => {
    for (const { raw, expected, config = 0, desktop = true } of samples.normalized ?? []) {
      const n = def.normalize!(raw, items[config]!, { today: SAMPLE_TODAY, desktop });
      expect([raw, n]).toEqual([raw, expected]);
      expect(def.normalize!(n, items[config]!, { today: SAMPLE_TODAY, desktop })).toBe(n);
    }
  });

  if (def.normalize) it('normalize never throws and is idempotent on any text', () => {
    const jaChars = [...'０１２3456789ｶﾞガパﾊﾟヴｳﾞあア亜Ａa／/．.，,－-ー年月日HhSsRr平成令和元　 \t〒+＋81null午前午後@＠'];
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.array(fc.constantFrom(...jaChars), { maxLength: 20 }).map((a) => a.join('')));
    fc.assert(
      fc.property(text, fc.nat(items.length - 1), fc.boolean(), (raw, i, desktop) => {
        const nctx = { today: SAMPLE_TODAY, desktop };
        const once = def.normalize!(raw, items[i]!, nctx);
        expect(def.normalize!(once, items[i]!, nctx)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it('normalising a valid answer keeps it valid', () => {
    if (!def.normalize) return;
    const pairs = [...items.flatMap((item) => samples.valid.map((value) => ({ value, item }))), ...(samples.validFor ?? []).map(({ value, config }) => ({ value, item: items[config]! }))];
    for (const { value, item } of pairs) {
      if (typeof value !== 'string') continue;
      for (const desktop of [true, false]) {
        const n = def.normalize(value, item, { today: SAMPLE_TODAY, desktop });
        expect([value, n, def.validate(n, item, ctx)]).toEqual([value, n, []]);
      }
    }
  });
});

describe('text helpers for the screen', () => {
  it('maxlength is the configured max under the 300 hard limit; min === max is a fixed length', () => {
    expect(textMaxLength({})).toBe(300);
    expect(textMaxLength({ length: { max: 50 } })).toBe(50);
    expect(textMaxLength({ length: { max: 500 } })).toBe(300);
    expect(textFixedLength({ length: { min: 15, max: 15 } })).toBe(15);
    expect(textFixedLength({ length: { min: 1, max: 15 } })).toBeUndefined();
  });
});

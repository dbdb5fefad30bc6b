/** Old field names a bundle may still use, read at import as the spec's (server/forms/import.ts). */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadItemDefs } from '@core/items/registry';
import { ITEM_TYPES } from '@core/form/item-types';
import { payTypesOf } from '@core/items/select-pay-type';
import { parseBundle } from '../../server/forms/import';

const bundleWith = (item: Record<string, unknown>) => ({
  surveyConfigs: [{ surveyId: 'pay', surveyTitle: '支払い', surveySchema: [{ itemKey: 'shiharai', type: 'selectPayType', title: '支払い方法', ...item }] }],
});
const payItemOf = (item: Record<string, unknown>) => parseBundle(bundleWith(item), 'test').surveyConfigs[0]!.surveySchema[0] as Record<string, unknown>;

describe('the pay type item field', () => {
  beforeAll(async () => {
    await loadItemDefs(ITEM_TYPES);
  });

  it('is payTypeOptions (spec 01 §3): cash offered when listed', () => {
    const item = payItemOf({ payTypeOptions: [0, 1] });
    expect(payTypesOf(item, 'user')).toEqual([0, 1]);
  });

  it('takes a bundle\'s payTypes as payTypeOptions, and keeps no second name', () => {
    const item = payItemOf({ payTypes: [0, 1] });
    expect(item['payTypeOptions']).toEqual([0, 1]);
    expect('payTypes' in item).toBe(false);
    expect(payTypesOf(item, 'user')).toEqual([0, 1]);
  });

  it('keeps payTypeOptions where a bundle writes both', () => {
    expect(payItemOf({ payTypes: [0, 1], payTypeOptions: [1] })['payTypeOptions']).toEqual([1]);
  });

  it('refuses an alias that is no list of pay types, as it refuses payTypeOptions', () => {
    expect(() => payItemOf({ payTypes: ['cash'] })).toThrow();
  });
});

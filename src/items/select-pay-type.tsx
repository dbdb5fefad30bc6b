/**
 * Pay type (支払い方法, spec 02 §5): a choice of the types the item offers. With one type it is
 * fixed: written into the answer at once, so the resident never has to pick the only choice, and
 * shown checked but not greyed out (a grey radio reads as "not available" to a resident). In admin
 * mode it is cash, fixed and disabled, as spec 02 §5 writes.
 */
import { useEffect } from 'react';
import { PAY_TYPE } from '@core/contract/payment-codes';
import { payTypesOf } from '@core/items/select-pay-type';
import { jaScreens } from '../messages/ja-screens';
import { useFormEngine } from '../form/engine-context';
import { ChoiceList } from './choice-list';
import { textOf } from './parts';
import type { ItemProps, ItemUi } from './types';

const labelOf = (t: number) => (t === PAY_TYPE.cash ? jaScreens.payment.payTypeCash : jaScreens.payment.payTypeCashless);

export function SelectPayTypeItem(p: ItemProps<'selectPayType'>) {
  const { plan } = useFormEngine();
  const offered = payTypesOf(p.item, plan.mode);
  const value = textOf(p.value);
  const fixed = offered.length === 1 ? String(offered[0]) : null;
  const { onChange } = p;
  useEffect(() => {
    if (fixed !== null && value !== fixed && !p.readOnly) onChange(fixed);
  }, [fixed, value, onChange, p.readOnly]);
  return (
    <ChoiceList
      p={p}
      kind="radio"
      choices={offered.map((t) => ({ value: String(t), label: labelOf(t) }))}
      selected={value ? [value] : []}
      onToggle={(v) => p.onChange(v)}
      isDisabled={() => plan.mode === 'admin' || p.readOnly}
    />
  );
}

export const selectPayTypeDisplay = (value: string | string[]): string => (value === '1' ? jaScreens.payment.payTypeCash : value === '0' ? jaScreens.payment.payTypeCashless : String(value));

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'selectPayType'> = { Component: SelectPayTypeItem, showErrorOnChange: true, display: selectPayTypeDisplay };

/**
 * The order a payment form's answer would carry right now, and whether sending it takes the
 * payment path (決済画面へ) or putItem (予約する): from the products and pay type items' values
 * and the cached catalogue. A form that does not use payment reads nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PAY_TYPE } from '@core/contract/payment-codes';
import type { SurveyConfig } from '@core/form/survey-config';
import { todayInTokyo } from '@core/ja/date-input';
import { payTypeOfValue } from '@core/items/select-pay-type';
import type { Mode } from '@core/items/define';
import { bookingLinesOf, formServiceIdOf, takesPaymentPath } from '@core/rules/order';
import { usesPayment } from '@core/rules/permissions';
import { useFieldValue, type FormStore } from '../form/form-store';
import { jaScreens } from '../messages/ja-screens';
import { linesOf, priceLines } from './order-view';
import type { FormOrder } from './form-order';
import { paymentServiceQuery, taxSettingQuery } from './queries';
import { catalogueFailureText, useReservedItems } from './reserved-items';

type Config = Pick<SurveyConfig, 'usePayment' | 'isAppending' | 'surveySchema'>;

const keyOf = (config: Config, type: 'selectProducts' | 'selectPayType'): string =>
  config.surveySchema.find((i) => i.type === type)?.itemKey ?? '';

/**
 * `fixed`: an amend of a stored answer (spec 02 §4): its order stands as it was, so sending it
 * never takes the payment path (the figures are still priced, for the list). In admin mode the
 * pay type is cash whatever the form offers (spec 02 §5), as the server prices it.
 */
export function useFormOrder(config: Config, store: FormStore, fixed = false, mode: Mode = 'user'): FormOrder {
  const active = usesPayment(config);
  const serviceId = active ? (formServiceIdOf(config) ?? '') : '';
  const service = useQuery({ ...paymentServiceQuery(serviceId), enabled: serviceId !== '' });
  const tax = useQuery({ ...taxSettingQuery(), enabled: serviceId !== '' });
  const productsValue = useFieldValue(store, keyOf(config, 'selectProducts'));
  const payTypeValue = useFieldValue(store, keyOf(config, 'selectPayType'));
  const reserved = useReservedItems(config, store);
  if (!active) return { active, order: null, problem: undefined, paymentPath: false };
  const lines = linesOf(productsValue);
  if (lines.length === 0 && reserved.size === 0) return { active, order: null, problem: undefined, paymentPath: false };
  if (!service.data) return { active, order: null, problem: service.isError ? catalogueFailureText(lines.length, reserved.size) : undefined, paymentPath: false };
  // A booking whose item sells nothing, and no line chosen: nothing to buy, whatever the tax setting.
  if (lines.length === 0 && bookingLinesOf(service.data.data.products ?? [], reserved).length === 0) {
    return { active, order: null, problem: undefined, paymentPath: false };
  }
  if (tax.isError) return { active, order: null, problem: jaScreens.payment.taxNotSet, paymentPath: false };
  if (!tax.data) return { active, order: null, problem: undefined, paymentPath: false };
  const payType = mode === 'admin' ? PAY_TYPE.cash : (payTypeOfValue(typeof payTypeValue === 'string' ? payTypeValue : undefined) ?? PAY_TYPE.cashless);
  const priced = priceLines(lines, service.data.data, tax.data.data, payType, todayInTokyo(), reserved);
  if ('problem' in priced) return { active, order: null, problem: priced.problem, paymentPath: false };
  if (priced.order === null) return { active, order: null, problem: undefined, paymentPath: false };
  return { active, order: priced.order, problem: undefined, paymentPath: !fixed && takesPaymentPath(config, priced.order) };
}

/**
 * Rendered only by a payment form, so a form without payment reads no catalogue (and needs no
 * query client, nor this module's code); it reports the order to the form whenever it changes.
 */
export function OrderWatch({ config, store, fixed, mode, onChange }: { config: Config; store: FormStore; fixed: boolean; mode: Mode; onChange: (o: FormOrder) => void }) {
  const current = useFormOrder(config, store, fixed, mode);
  useEffect(() => {
    onChange(current);
  });
  return null;
}

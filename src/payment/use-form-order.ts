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
import { formServiceIdOf, reservedItemsOf, takesPaymentPath } from '@core/rules/order';
import { isReservationItem } from '@core/rules/reservation-value';
import { usesPayment } from '@core/rules/permissions';
import { useDerived, useFieldValue, type FormStore } from '../form/form-store';
import { ja } from '../messages/ja';
import { linesOf, priceLines } from './order-view';
import type { FormOrder } from './form-order';
import { paymentServiceQuery, taxSettingQuery } from './queries';

type Config = Pick<SurveyConfig, 'usePayment' | 'isAppending' | 'surveySchema'>;

const keyOf = (config: Config, type: 'selectProducts' | 'selectPayType'): string =>
  config.surveySchema.find((i) => i.type === type)?.itemKey ?? '';

export function useFormOrder(config: Config, store: FormStore): FormOrder {
  const active = usesPayment(config);
  const serviceId = active ? (formServiceIdOf(config) ?? '') : '';
  const service = useQuery({ ...paymentServiceQuery(serviceId), enabled: serviceId !== '' });
  const tax = useQuery({ ...taxSettingQuery(), enabled: serviceId !== '' });
  const productsValue = useFieldValue(store, keyOf(config, 'selectProducts'));
  const payTypeValue = useFieldValue(store, keyOf(config, 'selectPayType'));
  // The booked reservation items, as one string so an unchanged booking does not re-render.
  const reservationKeys = config.surveySchema.filter(isReservationItem).map((i) => i.itemKey);
  const reserved = useDerived(store, reservationKeys, (get) =>
    [...reservedItemsOf(config, Object.fromEntries(reservationKeys.map((k) => [k, get(k)])))].sort().join('\n'),
  );
  if (!active) return { active, order: null, problem: undefined, paymentPath: false };
  const lines = linesOf(productsValue);
  if (lines.length === 0 && reserved === '') return { active, order: null, problem: undefined, paymentPath: false };
  if (!service.data) return { active, order: null, problem: service.isError ? ja.payment.catalogueFailed : undefined, paymentPath: false };
  if (tax.isError) return { active, order: null, problem: ja.payment.taxNotSet, paymentPath: false };
  if (!tax.data) return { active, order: null, problem: undefined, paymentPath: false };
  const payType = payTypeOfValue(typeof payTypeValue === 'string' ? payTypeValue : undefined) ?? PAY_TYPE.cashless;
  const priced = priceLines(lines, service.data.data, tax.data.data, payType, todayInTokyo(), new Set(reserved === '' ? [] : reserved.split('\n')));
  if ('problem' in priced) return { active, order: null, problem: priced.problem, paymentPath: false };
  if (priced.order === null) return { active, order: null, problem: undefined, paymentPath: false };
  return { active, order: priced.order, problem: undefined, paymentPath: takesPaymentPath(config, priced.order) };
}

/**
 * Rendered only by a payment form, so a form without payment reads no catalogue (and needs no
 * query client, nor this module's code); it reports the order to the form whenever it changes.
 */
export function OrderWatch({ config, store, onChange }: { config: Config; store: FormStore; onChange: (o: FormOrder) => void }) {
  const current = useFormOrder(config, store);
  useEffect(() => {
    onChange(current);
  });
  return null;
}

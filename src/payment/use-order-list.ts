/**
 * What the products item's order list shows (spec 02 §2): the resident's lines and, after them,
 * the lines the form's booked reservation items bring (read from the form the item sits in), priced
 * together from the cached catalogue as the order will be sent (core/rules/order.ts buildOrder).
 */
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import type { PaymentService, TaxSetting } from '@core/contract/payment';
import { PAY_TYPE } from '@core/contract/payment-codes';
import { todayInTokyo } from '@core/ja/date-input';
import type { OrderLine } from '@core/items/select-products';
import { bookingLinesOf } from '@core/rules/order';
import { FormEngineContext } from '../form/engine-context';
import { priceLines, type PricedOrder } from './order-view';
import { paymentServiceQuery, taxSettingQuery } from './queries';
import { catalogueFailureText, useReservedItems } from './reserved-items';

export type OrderListState =
  | { kind: 'noService' }
  | { kind: 'loading' }
  | { kind: 'failed'; text: string }
  | { kind: 'ready'; service: PaymentService; taxSetting: TaxSetting | null; priced: PricedOrder; booking: OrderLine[] };

export function useOrderList(serviceId: string, lines: readonly OrderLine[]): OrderListState {
  const service = useQuery({ ...paymentServiceQuery(serviceId), enabled: serviceId !== '' });
  const tax = useQuery(taxSettingQuery());
  const engine = useContext(FormEngineContext);
  const reserved = useReservedItems(engine?.plan.shape ?? null, engine?.store ?? null);
  if (serviceId === '') return { kind: 'noService' };
  if (service.isPending || tax.isPending) return { kind: 'loading' };
  if (service.isError) return { kind: 'failed', text: catalogueFailureText(lines.length, reserved.size) };
  const svc = service.data.data;
  const taxSetting = tax.isError ? null : tax.data.data;
  // Cashless for the figures: cash changes the path, not the amounts.
  const priced = priceLines(lines, svc, taxSetting, PAY_TYPE.cashless, todayInTokyo(), reserved);
  return { kind: 'ready', service: svc, taxSetting, priced, booking: bookingLinesOf(svc.products ?? [], reserved) };
}

/**
 * The reservation items (`{categoryId}_{itemId}`) the form's reservation values book right now:
 * what brings an order its booking lines (core/rules/order.ts bookingLinesOf). Shared by the
 * form's order and the order list, so both price the same lines.
 */
import { useMemo } from 'react';
import type { SurveyConfig } from '@core/form/survey-config';
import { reservedItemsOf } from '@core/rules/order';
import { isReservationItem } from '@core/rules/reservation-value';
import { FormStore, useDerived } from '../form/form-store';
import { ja } from '../messages/ja';
import { jaScreens } from '../messages/ja-screens';

type Schema = Pick<SurveyConfig, 'surveySchema'>;

// An item shown outside a form (no engine) books nothing; hooks cannot be skipped, so it reads this.
const NO_FORM = new FormStore();
const NO_SCHEMA: Schema = { surveySchema: [] };

export function useReservedItems(schema: Schema | null, store: FormStore | null): ReadonlySet<string> {
  const config = schema ?? NO_SCHEMA;
  const keys = config.surveySchema.filter(isReservationItem).map((i) => i.itemKey);
  // As one sorted string, so an unchanged booking does not re-render.
  const joined = useDerived(store ?? NO_FORM, keys, (get) =>
    [...reservedItemsOf(config, Object.fromEntries(keys.map((k) => [k, get(k)])))].sort().join('\n'),
  );
  return useMemo(() => new Set(joined === '' ? [] : joined.split('\n')), [joined]);
}

/**
 * What a catalogue that could not be read keeps from the resident (spec 02 §8): with only a
 * booking's lines to price, the reservation payment items; with lines of their own, the products.
 */
export const catalogueFailureText = (lineCount: number, reservedCount: number): string =>
  lineCount === 0 && reservedCount > 0 ? jaScreens.payment.reservationItemsFailed : ja.payment.catalogueFailed;

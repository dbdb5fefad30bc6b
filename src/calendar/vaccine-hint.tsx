/**
 * Above the calendar of a vaccination form: the first day this dose may be booked (spec 02 §4), as
 * the count, maker and previous date are answered, so a resident does not pick a day the form
 * will refuse (core/rules/vaccination.ts; the refusal itself stays the form's).
 */
import { Alert } from '@mantine/core';
import { nextDoseEarliest, nextDoseKeys } from '@core/rules/vaccination';
import type { FormEngine } from '../form/engine-context';
import { useDerived } from '../form/form-store';
import { fill } from '../messages/fill';
import { ja } from '../messages/ja';
import { formatMonthDayWeekday } from './dates';

export function VaccineHint({ engine }: { engine: FormEngine }) {
  const shape = engine.plan.shape;
  const text = useDerived(engine.store, nextDoseKeys(shape), (get) => {
    const earliest = nextDoseEarliest(shape, (key) => (engine.plan.isVisible(key, get) ? get(key) : undefined));
    return earliest.kind === 'from' ? fill(ja.calendar.vaccineFrom, { date: formatMonthDayWeekday(earliest.date) }) : undefined;
  });
  return text ? (
    <Alert color="blue" variant="light" data-testid="vaccine-hint">
      {text}
    </Alert>
  ) : null;
}

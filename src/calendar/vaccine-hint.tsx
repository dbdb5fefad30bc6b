/**
 * A vaccination form's calendar (spec 02 §4): the first day this dose may be booked, followed as
 * the count, maker and previous date are answered. The calendar holds back the days before it
 * (core/rules/vaccination.ts windowForDose) and the hint above it says why; the refusal of a
 * booking made before the date was known stays the form's.
 */
import { Alert } from '@mantine/core';
import { Temporal } from 'temporal-polyfill';
import { nextDoseEarliest, nextDoseKeys } from '@core/rules/vaccination';
import type { FormEngine } from '../form/engine-context';
import { FormStore, useDerived } from '../form/form-store';
import { fill } from '../messages/fill';
import { ja } from '../messages/ja';
import { formatMonthDayWeekday } from './dates';

/** Read when the picker has no form around it: no answers, so no rule applies. */
const noAnswers = new FormStore();

/** The first day this dose may be booked, or undefined when the rule sets none (yet). */
export function useNextDoseFrom(engine: FormEngine | null): Temporal.PlainDate | undefined {
  const iso = useDerived(engine?.store ?? noAnswers, engine ? nextDoseKeys(engine.plan.shape) : [], (get) => {
    if (!engine) return undefined;
    const earliest = nextDoseEarliest(engine.plan.shape, (key) => (engine.plan.isVisible(key, get) ? get(key) : undefined));
    return earliest.kind === 'from' ? earliest.date.toString() : undefined;
  });
  return iso === undefined ? undefined : Temporal.PlainDate.from(iso);
}

export function VaccineHint({ from }: { from: Temporal.PlainDate | undefined }) {
  return from ? (
    <Alert color="blue" variant="light" data-testid="vaccine-hint">
      {fill(ja.calendar.vaccineFrom, { date: formatMonthDayWeekday(from) })}
    </Alert>
  ) : null;
}

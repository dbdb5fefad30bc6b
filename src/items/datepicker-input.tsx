/** The lazily loaded half of the date picker item (see datepicker.tsx): Mantine's DatePickerInput. */
import '@mantine/dates/styles.css';
import './datepicker.css';
import 'dayjs/locale/ja';
import { DatePickerInput, DatesProvider, type DayOfWeek } from '@mantine/dates';
import { Temporal } from 'temporal-polyfill';
import { resolveDateBound } from '@core/items/date-range';
import { DATEPICKER_FIRST_DAY_OF_WEEK, DATEPICKER_MAX_DATE, datepickerOpeningDate } from '@core/items/datepicker';
import { formatIsoDate } from '@core/ja/date-input';
import { useFormEngine } from '../form/engine-context';
import { ja } from '../messages/ja';
import { textOf, wrapperProps } from './parts';
import type { ItemProps } from './types';

const SETTINGS = { locale: 'ja', firstDayOfWeek: DATEPICKER_FIRST_DAY_OF_WEEK } as const;
const CLASS_NAMES = { day: 'dp-day', weekday: 'dp-weekday' };
/** No Mantine weekend (it paints Saturday red): datepicker.css colours days by data-dow like the calendar. */
const NO_WEEKEND: DayOfWeek[] = [];
/** Mantine's clear button (×, once a date is chosen) has no name of its own. */
const CLEAR_BUTTON_PROPS = { 'aria-label': ja.items.datepickerClear };
/** Names for the arrow buttons, which Mantine leaves unnamed. */
const ARIA_LABELS = {
  previousMonth: ja.items.datepickerPrevMonth,
  nextMonth: ja.items.datepickerNextMonth,
  previousYear: ja.items.datepickerPrevYear,
  nextYear: ja.items.datepickerNextYear,
  previousDecade: ja.items.datepickerPrevDecade,
  nextDecade: ja.items.datepickerNextDecade,
};
/** Back to the input once a day is picked or Escape closes (Mantine leaves focus in the gone dropdown). */
const POPOVER_PROPS = { withinPortal: true, returnFocus: true };
const dayProps = (date: string) => ({ 'data-dow': Temporal.PlainDate.from(date.slice(0, 10)).dayOfWeek });

export function DatepickerInput(p: ItemProps<'datepicker'>) {
  const value = textOf(p.value);
  // The form's today (Asia/Tokyo), the day its validation judges by.
  const today = useFormEngine().validateContext.today;
  const bound = (b: string | number | undefined) => {
    const d = resolveDateBound(b, today);
    return d ? formatIsoDate(d) : undefined;
  };
  return (
    <DatesProvider settings={SETTINGS}>
      <DatePickerInput
        {...wrapperProps(p)}
        value={value || null}
        onChange={(v) => p.onChange(v ?? '')}
        onBlur={p.onBlur}
        readOnly={p.readOnly}
        placeholder={ja.items.datepickerPlaceholder}
        valueFormat="YYYY-MM-DD"
        // Empty, it opens at the item's initialDate, else at 1990-01-01 within its range (core/items/datepicker.ts);
        // weeks start on Sunday, nothing after 2099-12-31 unless the item says otherwise.
        defaultDate={formatIsoDate(datepickerOpeningDate(p.item, today))}
        maxDate={bound(p.item.maxDate) ?? DATEPICKER_MAX_DATE}
        minDate={bound(p.item.minDate)}
        clearable
        clearButtonProps={CLEAR_BUTTON_PROPS}
        monthLabelFormat="YYYY年M月"
        yearLabelFormat="YYYY年"
        decadeLabelFormat="YYYY年"
        popoverProps={POPOVER_PROPS}
        ariaLabels={ARIA_LABELS}
        weekendDays={NO_WEEKEND}
        getDayProps={dayProps}
        classNames={CLASS_NAMES}
      />
    </DatesProvider>
  );
}

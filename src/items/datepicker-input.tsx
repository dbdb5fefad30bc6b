/** The lazily loaded half of the date picker item (see datepicker.tsx): Mantine's DatePickerInput. */
import '@mantine/dates/styles.css';
import 'dayjs/locale/ja';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { DATEPICKER_FIRST_DAY_OF_WEEK, DATEPICKER_INITIAL_DATE, DATEPICKER_MAX_DATE } from '@core/items/datepicker';
import { ja } from '../messages/ja';
import { textOf, wrapperProps } from './parts';
import type { ItemProps } from './types';

const SETTINGS = { locale: 'ja', firstDayOfWeek: DATEPICKER_FIRST_DAY_OF_WEEK } as const;

export function DatepickerInput(p: ItemProps<'datepicker'>) {
  const value = textOf(p.value);
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
        // Spec 01 §5: opens on 1990-01 when empty, weeks start on Sunday, nothing after 2099-12-31.
        defaultDate={p.item.initialDate ?? DATEPICKER_INITIAL_DATE}
        maxDate={p.item.maxDate ?? DATEPICKER_MAX_DATE}
        minDate={p.item.minDate}
        clearable
        monthLabelFormat="YYYY年M月"
        yearLabelFormat="YYYY年"
        decadeLabelFormat="YYYY年"
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}

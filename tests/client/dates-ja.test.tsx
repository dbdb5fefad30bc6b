/**
 * Issue 54: dates read in Japanese wherever a resident reads them again (the confirmation, the
 * lookup's details, messages naming a day), while the inputs keep their own YYYY-MM-DD; weeks start
 * Monday in the reservation calendar and Sunday in the bed month grid and the date picker.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Temporal } from 'temporal-polyfill';
import { afterEach, describe, expect, it } from 'vitest';
import { ITEM_TYPES } from '@core/form/item-types';
import { mondayOf, monthGrid, weekDays } from '../../src/calendar/dates';
import { monthWeeks } from '../../src/features/beds/month';
import { StayDialog } from '../../src/features/beds/stay-dialog';
import { displayOf } from '../../src/items/display';
import { loadItemUis } from '../../src/items/registry';
import { DATEPICKER_FIRST_DAY_OF_WEEK } from '@core/items/datepicker';
import { readDateText } from '../../src/lib/ja-dates';
import { formatMessage } from '../../src/messages/format';
import { ja } from '../../src/messages/ja';
import { jaScreens } from '../../src/messages/ja-screens';
import { makeConfig, renderForm } from './form-harness';

afterEach(cleanup);

describe('a stored date read again', () => {
  it('reads YYYY年M月D日（曜）, with a session after it, a yearless day as M月D日, anything else as is', () => {
    expect(readDateText('2025-06-15')).toBe('2025年6月15日（日）');
    expect(readDateText('2025-07-01 午前')).toBe('2025年7月1日（火） 午前');
    expect(readDateText('02-29')).toBe('2月29日');
    expect(readDateText('1990-01-01', { weekday: false })).toBe('1990年1月1日');
    expect(readDateText('2025-02-30')).toBe('2025-02-30');
    expect(readDateText('あした')).toBe('あした');
  });

  it('is how every date item shows its answer again', async () => {
    await loadItemUis([...ITEM_TYPES]);
    for (const type of ['date', 'datepicker', 'previousVaccineDate', 'sesshuJisshiDate'] as const) {
      expect(displayOf({ type, formValue: '1975-08-21' }), type).toBe('1975年8月21日（木）');
    }
    expect(displayOf({ type: 'dateWithSession', formValue: '2025-07-01 午後' })).toBe('2025年7月1日（火） 午後');
    expect(displayOf({ type: 'birthday', formValue: '1990-01-01' })).toBe('1990年1月1日');
    expect(displayOf({ type: 'dateDropdown', formValue: '2024-12-03' })).toBe('2024年12月3日（火）');
    expect(displayOf({ type: 'dateDropdown', formValue: '12-03' })).toBe('12月3日');
  });

  it('in a message naming a day', () => {
    expect(formatMessage({ key: 'dateBeforeMin', params: { min: '2025-06-22' } })).toBe('2025年6月22日（日）以降の日付を選んでください。');
    expect(formatMessage({ key: 'lengthMax', params: { max: 300 } })).toBe('300文字以内で入力してください。');
  });

  it('in the confirmation, while the box keeps YYYY-MM-DD', async () => {
    renderForm(makeConfig([{ itemKey: 'tenkyo', type: 'date', title: '転居日' }]));
    const box = screen.getByLabelText(/^転居日/) as HTMLInputElement;
    fireEvent.change(box, { target: { value: '1975-08-21' } });
    fireEvent.blur(box);
    expect(box.value).toBe('1975-08-21');
    fireEvent.click(screen.getByTestId('submit-button'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1975年8月21日（木）')).toBeTruthy();
    expect(within(dialog).queryByText('1975-08-21')).toBeNull();
  });
});

describe('the bed stay dialog', () => {
  it('reads the stay it will book in Japanese, its 決定 after the lengths', () => {
    render(
      <MantineProvider withCssVariables={false} withGlobalClasses={false}>
        <StayDialog start={Temporal.PlainDate.from('2026-12-03')} onClose={() => {}} onChoose={() => {}} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('radio', { name: '3泊4日' }));
    expect(screen.getByTestId('stay-summary').textContent).toBe('2026年12月3日（木） 午後 〜 2026年12月6日（日） 午前');
    expect(screen.getByRole('button', { name: '決定' }).closest('.bed-stay-actions')).not.toBeNull();
  });
});

describe('where weeks start', () => {
  it('Monday in the reservation calendar, Sunday in the bed month grid and the date picker', () => {
    const month = Temporal.PlainYearMonth.from('2026-12');
    expect(monthGrid(month).every((w) => w[0]?.dayOfWeek === 1)).toBe(true);
    expect(weekDays(mondayOf(Temporal.PlainDate.from('2026-12-03')))[0]?.dayOfWeek).toBe(1);
    expect(ja.calendar.weekdays[0]).toBe('月');
    const bed = monthWeeks(month, Temporal.PlainDate.from('2026-12-01'), null, null, false);
    expect(bed.every((w) => w[0]?.date.dayOfWeek === 7)).toBe(true);
    expect(jaScreens.bed.weekdays[0]).toBe('日');
    expect(DATEPICKER_FIRST_DAY_OF_WEEK).toBe(0);
  });
});

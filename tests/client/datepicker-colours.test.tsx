/**
 * The date picker colours Saturday and Sunday as the reservation calendar does, and names its
 * arrow and clear buttons (issue 21).
 */
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ja } from '../../src/messages/ja';
import { makeConfig, renderForm } from './form-harness';

afterEach(cleanup);

const root = path.resolve(import.meta.dirname, '../..');
const css = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
/** The colour a stylesheet gives the first rule whose selector starts with `selector`. */
const colourOf = (sheet: string, selector: string): string | undefined => {
  const at = sheet.indexOf(selector);
  if (at < 0) return undefined;
  return /color:\s*([^;]+);/.exec(sheet.slice(at))?.[1]?.trim();
};

describe('date picker weekend colours', () => {
  it('marks each day with its day of week and no Mantine weekend (which paints Saturday red)', async () => {
    // From today on: it opens at today's month (with no range, at 1990-01-01).
    renderForm(makeConfig([{ itemKey: 'p', type: 'datepicker', title: '来庁予定日', minDate: 0 }]));
    fireEvent.click(await screen.findByRole('button', { name: /^来庁予定日/ }));
    await screen.findByText('2025年6月', {}, { timeout: 5000 });
    const rows = [...document.querySelectorAll('table tbody tr')];
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      const days = [...row.querySelectorAll<HTMLElement>('.dp-day')];
      expect(days).toHaveLength(7);
      // Weeks start on Sunday: 日 … 土.
      expect(days.map((d) => d.dataset['dow'])).toEqual(['7', '1', '2', '3', '4', '5', '6']);
      for (const d of days) expect(d.hasAttribute('data-weekend')).toBe(false);
    }
    // 2025-06-14 is a Saturday.
    const sat = [...document.querySelectorAll<HTMLElement>('.dp-day[data-dow="6"]')].find((d) => d.textContent === '14' && !d.hasAttribute('data-outside'));
    expect(sat).toBeTruthy();
    const headers = [...document.querySelectorAll('.dp-weekday')].map((h) => h.textContent);
    expect(headers[0]).toBe('日');
    expect(headers[6]).toBe('土');
  });

  it('names the month arrows, which Mantine leaves unnamed', async () => {
    renderForm(makeConfig([{ itemKey: 'p', type: 'datepicker', title: '来庁予定日' }]));
    fireEvent.click(await screen.findByRole('button', { name: /^来庁予定日/ }));
    await screen.findByText('1990年1月', {}, { timeout: 5000 });
    expect(screen.getByRole('button', { name: ja.items.datepickerPrevMonth, hidden: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: ja.items.datepickerNextMonth, hidden: true })).toBeTruthy();
  });

  it('names the clear button shown once a date is chosen', async () => {
    renderForm(makeConfig([{ itemKey: 'p', type: 'datepicker', title: '来庁予定日' }]), { initialValues: { p: '2025-06-20' } });
    expect(await screen.findByRole('button', { name: ja.items.datepickerClear })).toBeTruthy();
  });

  it('uses the calendar’s Saturday blue and Sunday red', () => {
    const picker = css('src/items/datepicker.css');
    const calendar = css('src/calendar/calendar.css');
    expect(colourOf(calendar, '.cal-dow-6')).toContain('blue-9');
    expect(colourOf(picker, ".dp-day[data-dow='6']")).toBe(colourOf(calendar, '.cal-dow-6'));
    expect(colourOf(picker, ".dp-day[data-dow='7']")).toBe(colourOf(calendar, '.cal-dow-7'));
    expect(colourOf(picker, '.dp-weekday:last-child')).toBe(colourOf(calendar, '.cal-dow-6'));
    expect(colourOf(picker, '.dp-weekday:first-child')).toBe(colourOf(calendar, '.cal-dow-7'));
  });
});

/** When a field paints its error (issue 21): after the resident changed it, or after a submit attempt. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { itemEl, makeConfig, renderForm } from './form-harness';

afterEach(cleanup);

const input = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (key: string) => itemEl(key)?.querySelector('[id$="-error"]')?.textContent ?? null;
const config = () =>
  makeConfig([
    { itemKey: 'name', type: 'text', title: '氏名', isRequired: { value: true } },
    { itemKey: 'tel', type: 'phone', title: '電話番号', isRequired: { value: true } },
    { itemKey: 'day', type: 'date', title: '希望日', isRequired: { value: true } },
  ]);
/** Focus in and out without typing, as Tab does. */
const passThrough = (el: HTMLElement) => {
  fireEvent.focus(el);
  fireEvent.blur(el);
};

describe('required errors while tabbing', () => {
  it('paints nothing when the resident only passes through empty fields', () => {
    renderForm(config());
    for (const label of [/^氏名/, /^電話番号/, /^希望日/]) passThrough(input(label));
    for (const key of ['name', 'tel', 'day']) expect(errorOf(key)).toBeNull();
    expect(input(/^氏名/).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('paints the error on blur once the field was changed, even back to empty', () => {
    renderForm(config());
    fireEvent.change(input(/^氏名/), { target: { value: '山' } });
    fireEvent.change(input(/^氏名/), { target: { value: '' } });
    expect(errorOf('name')).toBeNull();
    fireEvent.blur(input(/^氏名/));
    expect(errorOf('name')).toBe('必須です');
    fireEvent.change(input(/^電話番号/), { target: { value: '0901' } });
    fireEvent.blur(input(/^電話番号/));
    expect(errorOf('tel')).toBe('半角数字10桁-11桁で入力してください。');
    expect(errorOf('day')).toBeNull();
  });

  it('paints every error on submit, and checks untouched fields on blur after that', () => {
    renderForm(config());
    fireEvent.click(screen.getByTestId('submit-button'));
    for (const key of ['name', 'tel', 'day']) expect(errorOf(key)).toBe('必須です');
    fireEvent.change(input(/^氏名/), { target: { value: '山田' } });
    expect(errorOf('name')).toBeNull();
    // Cleared by the resident, then only passed through: still checked, since a submit was tried.
    fireEvent.change(input(/^氏名/), { target: { value: '' } });
    passThrough(input(/^氏名/));
    expect(errorOf('name')).toBe('必須です');
  });
});

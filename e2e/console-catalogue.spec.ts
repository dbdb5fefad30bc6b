import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAxeClean, signInAsNewResident } from './support';
import { signInClinicStaff } from './console-support';

/**
 * Issue 58's catalogue configuration in Chromium at 1280×800: a member of the clinic's team
 * enrols a kiosk and sees its one-time code and QR code, and stops it; an admin adds a staff member
 * and sees the set-up link; a member raises a member form's last number; a member adds a product
 * that a resident then sees on the products form. Each screen is axe clean.
 */
const TEAM = `受付設定${randomBytes(2).toString('hex')}`;

test.describe.configure({ timeout: 180_000 });

test('a member enrols a kiosk, sees its code and QR code, and stops it', async ({ page, baseURL }) => {
  const tag = randomBytes(2).toString('hex');
  const name = `受付タブレット${tag}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInClinicStaff(page, baseURL as string, { name: `端末 花子${tag}`, role: 'member', team: TEAM });
  await page.goto('/admin');
  await page.getByRole('navigation', { name: '設定' }).getByRole('link', { name: '受付端末' }).click();
  await expect(page.getByRole('heading', { name: '受付端末', level: 1 })).toBeVisible();
  await page.getByLabel('端末の名前').fill(name);
  await page.getByLabel(/さくら市民クリニック/).check();
  await page.getByRole('button', { name: '登録コードを発行する' }).click();
  const enrolled = page.getByTestId('kiosk-enrolled');
  await expect(enrolled).toContainText(`${name} の登録コードを発行しました`);
  const code = (await page.getByTestId('kiosk-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]{6,}$/);
  await expect(page.getByTestId('kiosk-url')).toHaveText(`${baseURL}/kiosk/enrol?code=${encodeURIComponent(code)}`);
  await expect(page.getByRole('img', { name: /QRコード/ })).toBeVisible();
  const row = page.locator(`[data-testid="kiosk-row"][data-name="${name}"]`);
  await expect(row).toContainText('登録待ち');
  await expectAxeClean(page, 'console kiosks');

  await row.getByRole('button', { name: `${name} を停止する` }).click();
  await page.getByRole('dialog').getByRole('button', { name: '停止する' }).click();
  await expect(row).toContainText('停止');
  await expect(row.getByRole('button')).toHaveCount(0);
  // The code stopped with the kiosk: a tablet opening it is refused.
  const redeem = await page.request.post('/survey/api/v1/db/kiosk/enrol', { data: { code } });
  expect(redeem.status()).not.toBe(200);
});

test('an admin adds a staff member and sees the set-up link, which opens the set-up page', async ({ page, baseURL }) => {
  const tag = randomBytes(2).toString('hex');
  const email = `new-${tag}@city.example.jp`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInClinicStaff(page, baseURL as string, { name: `管理 一郎${tag}`, role: 'admin', team: TEAM });
  await page.goto('/admin');
  await page.getByRole('navigation', { name: '設定' }).getByRole('link', { name: '職員とチーム' }).click();
  await expect(page.getByRole('heading', { name: '職員とチーム', level: 1 })).toBeVisible();
  const form = page.getByTestId('staff-add');
  await form.getByLabel('メールアドレス').fill(email);
  await form.getByLabel('氏名').fill(`新人 花子${tag}`);
  await form.getByLabel('役割', { exact: true }).selectOption('operator');
  await form.getByLabel('チーム', { exact: true }).fill(TEAM);
  await page.getByRole('button', { name: '職員を追加する' }).click();
  await expect(page.getByTestId('staff-added')).toContainText(`新人 花子${tag} を追加しました`);
  await expect(page.getByTestId('setup-link')).toHaveText(new RegExp(`^${baseURL}/admin/setup#token=.+`));
  const row = page.locator(`[data-testid="staff-row"][data-email="${email}"]`);
  await expect(row).toContainText('設定待ち');
  await expect(row).toContainText('オペレーター');
  await expectAxeClean(page, 'console staff');
  // The reception tablet's width: the header's three links and the list fit without a sideways scroll.
  await page.setViewportSize({ width: 1024, height: 768 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await expectAxeClean(page, 'console staff 1024');
  // The link opens the set-up page.
  const link = (await page.getByTestId('setup-link').textContent()) as string;
  const setup = await page.context().newPage();
  await setup.goto(link);
  await expect(setup.getByRole('heading', { level: 1 })).toBeVisible();
  await setup.close();
});

test('a member raises the member form’s last number; lowering it is refused in Japanese', async ({ page, baseURL }) => {
  const tag = randomBytes(2).toString('hex');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInClinicStaff(page, baseURL as string, { name: `会員 係${tag}`, role: 'member', team: `会員係${tag}`, form: 'sakura-kaiin' });
  await page.goto('/admin/members');
  await page.getByTestId('console-member-forms').getByRole('row').filter({ hasText: 'sakura-kaiin' }).getByRole('link', { name: '設定と番号' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('の設定と会員番号');
  const field = page.getByLabel('最終番号（lastResultNumber）');
  await expect(field).not.toHaveValue('');
  const before = Number(await field.inputValue());
  const raised = before + 100;
  await field.fill(String(raised));
  await expect(page.getByTestId('member-next-number')).toHaveText(new RegExp(`${String(raised + 1).padStart(7, '0')}$`));
  await expectAxeClean(page, 'console member config');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('status').filter({ hasText: '保存しました。' })).toBeVisible();
  await field.fill(String(raised - 1));
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('alert')).toContainText(`最終番号（lastResultNumber）は ${raised} より小さくできません。`);
});

test('a member adds a product and a resident sees it on the products form; a rate from today is refused', async ({ page, browser, baseURL }) => {
  const tag = randomBytes(2).toString('hex');
  const name = `予防接種証明（英文）${tag}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInClinicStaff(page, baseURL as string, { name: `会計 係${tag}`, role: 'member', team: `会計${tag}` });
  await page.goto('/admin');
  await page.getByRole('navigation', { name: '設定' }).getByRole('link', { name: '商品と税率' }).click();
  await expect(page.getByRole('heading', { name: '商品と税率', level: 1 })).toBeVisible();
  // The demo payment form's service: other specs (booking-fee) import services that list first.
  await page.getByLabel('決済サービス').selectOption('sesshu');
  const add = page.getByTestId('product-add');
  await add.getByLabel('商品ID').fill(`eibun-${tag}`);
  await add.getByLabel('商品名').fill(name);
  await add.getByLabel('価格（円）').fill('2200');
  await add.getByLabel('分類ID').fill('papers');
  await add.getByLabel('分類名').fill('書類');
  await add.getByRole('button', { name: '商品を追加する' }).click();
  await expect(page.locator(`[data-testid="product-row"][data-id="eibun-${tag}"]`)).toContainText('2,200');
  await expectAxeClean(page, 'console products');

  // A rate from today is history: refused in Japanese.
  const today = await page.getByLabel('適用日').getAttribute('min');
  await page.getByLabel('適用日').fill(new Date(Date.parse(`${today as string}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel('税率（%）').fill('8');
  await page.getByRole('button', { name: '税率を追加する' }).click();
  await expect(page.getByRole('alert')).toContainText('以前の税率は変更・追加できません');

  const resident = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const look = await resident.newPage();
  await signInAsNewResident(look, '/survey/sesshu-shiharai', `購入 ${tag}`);
  await look.getByRole('button', { name: '商品を追加' }).click();
  // Offered among the products to choose (a select's option).
  await expect(look.locator('option', { hasText: name }).first()).toBeAttached();
  await resident.close();
});

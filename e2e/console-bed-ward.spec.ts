import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { Temporal } from 'temporal-polyfill';
import { expectAxeClean, signInAsNewResident } from './support';

/**
 * Issue 57's bed wards: a resident books a private room of the demo hospital (個室 501 or 502)
 * through the resident's bed call, an operator of the ward's team opens the ward, finds the stay
 * across its nights on its bed and in the list of stays, moves a week on and back, opens the stay's
 * answer page, and sees the print view without the controls. At a desk's and a reception tablet's
 * size, with axe.
 */
const PORT = process.env['E2E_PORT'] ?? 18080;
const PASSWORD = 'さくら市 病棟 2026 bed-ward';
const STAFF = '/survey/api/v1/staff';
const TEAM = '病棟受付';
const WARD = 'nyuin-koshitsu';
const WARD_TITLE = 'さくら市民病院 個室の入院予約';

const staffCli = (...args: string[]): string =>
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/cli/staff.ts', ...args], {
    env: { ...process.env, DATA_DIR: '.e2e-data', PUBLIC_URL: `http://localhost:${PORT}` },
    encoding: 'utf8',
  });

const today = () => Temporal.Now.plainDateISO('Asia/Tokyo');

/** An operator of the ward's team, set up through the set-up link's calls, signed in on `page`. */
const signInOperator = async (page: Page, baseURL: string): Promise<void> => {
  const email = `byoto-${randomBytes(4).toString('hex')}@city.example.jp`;
  const out = staffCli('add', '--email', email, '--name', '病棟 二子', '--role', 'operator', '--team', TEAM);
  staffCli('team', TEAM, '--form', WARD);
  const token = decodeURIComponent((out.split('\n').find((l) => l.includes('#token=')) as string).trim().split('#token=')[1] as string);
  const start = await page.request.post(`${STAFF}/setup/start`, { headers: { Origin: baseURL }, data: { token } });
  expect(start.status()).toBe(200);
  const totpSecret = ((await start.json()) as { data: { totpSecret: string } }).data.totpSecret;
  const code = TOTP.generate({ secret: Secret.fromBase32(totpSecret) });
  const done = await page.request.post(`${STAFF}/setup/complete`, { headers: { Origin: baseURL }, data: { token, password: PASSWORD, totpSecret, code } });
  expect(done.status()).toBe(200);
  const recovery = ((await done.json()) as { data: { recoveryCodes: string[] } }).data.recoveryCodes[0] as string;
  const signedIn = await page.request.post(`${STAFF}/sign-in`, { headers: { Origin: baseURL }, data: { email, password: PASSWORD, code: recovery } });
  expect(signedIn.status()).toBe(200);
};

/** A new resident books the room for these nights through the resident's bed call, with their own session. */
const bookRoom = async (browser: Browser, name: string, bedId: string, start: string, end: string): Promise<string> => {
  const context = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await signInAsNewResident(page, `/survey/${WARD}`, name);
  const idToken = await page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { idToken?: string }).idToken);
  const data = [
    { surveyId: WARD, itemKey: 'heya', value: bedId },
    { surveyId: WARD, itemKey: 'name', value: name },
    { surveyId: WARD, itemKey: 'phone', value: '09012345678' },
    { surveyId: WARD, itemKey: 'startDate', value: `${start} 午後` },
    { surveyId: WARD, itemKey: 'endDate', value: `${end} 午前` },
  ];
  const res = await page.request.post(`/survey/api/v1/db/bed-reservation/${WARD}`, {
    headers: { Authorization: `Bearer ${idToken}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { data },
  });
  expect(res.status(), await res.text()).toBe(200);
  const partitionKey = ((await res.json()) as { data: { partitionKey: string } }).data.partitionKey;
  await context.close();
  return partitionKey;
};

for (const [run, viewport] of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
].entries()) {
  test(`an operator sees a booked stay on the ward's nights (${viewport.width}×${viewport.height})`, async ({ page, browser, baseURL }) => {
    // Each run its own nights of room 501: two days ahead (the ward books from tomorrow), 3泊.
    const start = today().add({ days: 2 + run * 4 });
    const end = start.add({ days: 3 });
    const name = `個室 三郎${randomBytes(2).toString('hex')}`;
    const pk = await bookRoom(browser, name, '501', start.toString(), end.toString());

    await page.setViewportSize(viewport);
    await signInOperator(page, baseURL as string);
    await page.goto('/admin');
    // The ward's form on the forms list leads to the ward, where its stays are.
    await expect(page.getByTestId('console-forms').getByRole('link', { name: WARD_TITLE })).toHaveAttribute('href', `/admin/bed-wards/${WARD}`);
    await page.getByRole('link', { name: '病棟の入院予定（ベッド）' }).click();
    await expect(page.getByRole('heading', { name: '担当の病棟' })).toBeVisible();
    await expect(page.getByTestId('console-wards')).toContainText(TEAM);
    await expectAxeClean(page, 'console wards');
    await page.getByRole('link', { name: WARD_TITLE }).click();
    await expect(page.getByRole('heading', { name: `${WARD_TITLE} の入院予定` })).toBeVisible();
    await expect(page.getByTestId('ward-range')).toContainText('14泊');

    // The stay on its bed's row, across its three nights from the admission day's column.
    const room = page.locator('[data-testid="ward-row"][data-row="bed:501"]');
    const cell = room.locator(`[data-testid="ward-stay"][data-partition-key="${pk}"]`);
    await expect(cell).toContainText(name);
    await expect(cell).toHaveAttribute('colspan', '3');
    await expect(cell).toContainText('未対応');
    const column = await page.locator('.ward-grid thead th').evaluateAll((ths, night) => ths.findIndex((th) => th.getAttribute('data-night') === night), start.toString());
    const cellLeft = (await cell.boundingBox())?.x ?? -1;
    const headLeft = (await page.locator('.ward-grid thead th').nth(column).boundingBox())?.x ?? -2;
    expect(Math.abs(cellLeft - headLeft)).toBeLessThan(2);
    const listed = page.locator(`[data-testid="ward-stay-row"][data-partition-key="${pk}"]`);
    await expect(listed).toContainText(name);
    await expect(listed).toContainText(`${start.year}年${start.month}月${start.day}日`);
    await expect(listed).toContainText('501号室（個室）');
    // The night's count includes the stay.
    const nightIndex = column - 1;
    await expect(page.getByTestId('ward-held').locator('td').nth(nightIndex)).toHaveText(/^[12]\/2$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAxeClean(page, 'ward nights');

    // A week on and back.
    await page.getByRole('button', { name: '次の7日' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${today().add({ days: 7 }).toString()}`));
    await expect(page.getByTestId('ward-range')).toContainText(`${today().add({ days: 7 }).month}月${today().add({ days: 7 }).day}日`);
    await page.getByRole('button', { name: '今日から' }).click();
    await expect(page).not.toHaveURL(/from=/);
    await expect(cell).toBeVisible();

    // On paper: no controls, no console header.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: '印刷' })).toBeHidden();
    await expect(cell).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    await cell.getByRole('link').click();
    await expect(page.getByRole('heading', { name: '回答の詳細' })).toBeVisible();
    await expect(page.getByTestId('answer-items')).toContainText(name);
    await expect(page.getByTestId('answer-items')).toContainText(`${start.toString()} 午後`);
  });
}

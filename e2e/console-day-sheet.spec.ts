import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { Temporal } from 'temporal-polyfill';
import { expectAxeClean, signInAsNewResident } from './support';

/**
 * Issue 57's day sheet at the counter: two residents book the demo clinic's 内科外来 for the next
 * clinic day (tomorrow, or Monday when tomorrow is a Sunday, the clinic's day off), an operator of
 * the clinic's team opens that day's sheet, finds them under their slots, marks one 来院 and the
 * other 未来院, and the marks survive a reload. At a desk's and a reception tablet's size, with axe.
 */
const PORT = process.env['E2E_PORT'] ?? 18080;
const PASSWORD = 'さくら市 受付 2026 day-sheet';
const STAFF = '/survey/api/v1/staff';
const TEAM = '内科受付';

const staffCli = (...args: string[]): string =>
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/cli/staff.ts', ...args], {
    env: { ...process.env, DATA_DIR: '.e2e-data', PUBLIC_URL: `http://localhost:${PORT}` },
    encoding: 'utf8',
  });

/** The next day the clinic is open: tomorrow unless that is a Sunday (cal-naika's day off). */
const clinicDay = (): string => {
  const tomorrow = Temporal.Now.plainDateISO('Asia/Tokyo').add({ days: 1 });
  return (tomorrow.dayOfWeek === 7 ? tomorrow.add({ days: 1 }) : tomorrow).toString();
};

/** An operator of the clinic's team, set up through the set-up link's calls, signed in on `page`. */
const signInOperator = async (page: Page, baseURL: string): Promise<void> => {
  const email = `naika-${randomBytes(4).toString('hex')}@city.example.jp`;
  const out = staffCli('add', '--email', email, '--name', '受付 一子', '--role', 'operator', '--team', TEAM);
  staffCli('team', TEAM, '--calendar', 'cal-naika', '--form', 'clinic-yoyaku');
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

/** A new resident books the slot through the resident API with their own session. */
const book = async (browser: Browser, name: string, day: string, slot: string): Promise<void> => {
  const context = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await signInAsNewResident(page, '/survey/clinic-yoyaku', name);
  const idToken = await page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { idToken?: string }).idToken);
  const data = [
    { surveyId: 'clinic-yoyaku', itemKey: 'yoyaku', value: `naika-ippan-shoshin_i1|${day}|${slot}` },
    { surveyId: 'clinic-yoyaku', itemKey: 'shimei', value: name },
    { surveyId: 'clinic-yoyaku', itemKey: 'denwa', value: '09012345678' },
  ];
  const res = await page.request.post('/survey/api/v1/db/survey-results/putItem', {
    headers: { Authorization: `Bearer ${idToken}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { data },
  });
  expect(res.status(), await res.text()).toBe(200);
  await context.close();
};

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
]) {
  test(`an operator marks 来院 and 未来院 on the clinic's day sheet (${viewport.width}×${viewport.height})`, async ({ page, browser, baseURL }) => {
    const day = clinicDay();
    const tag = randomBytes(2).toString('hex');
    const arrives = `来院 太郎${tag}`;
    const stays = `欠席 花子${tag}`;
    await book(browser, arrives, day, '3');
    await book(browser, stays, day, '4');

    await page.setViewportSize(viewport);
    await signInOperator(page, baseURL as string);
    await page.goto('/admin');
    await page.getByRole('link', { name: '予約の日程表（カレンダー）' }).click();
    await expect(page.getByRole('heading', { name: '担当のカレンダー' })).toBeVisible();
    await expect(page.getByTestId('console-calendars')).toContainText('内科 › 一般内科 › 初診');
    await expectAxeClean(page, 'console calendars');
    await page.getByRole('link', { name: '内科外来' }).click();
    await expect(page.getByRole('heading', { name: '内科外来 の日程表' })).toBeVisible();

    // Tomorrow by 翌日 (a Sunday moved on to Monday through the date field).
    const tomorrow = Temporal.Now.plainDateISO('Asia/Tokyo').add({ days: 1 }).toString();
    await page.getByRole('button', { name: '翌日' }).click();
    await expect(page).toHaveURL(new RegExp(`date=${tomorrow}`));
    if (day !== tomorrow) await page.getByTestId('day-sheet-date').fill(day);
    await expect(page).toHaveURL(new RegExp(`date=${day}`));
    const row = (name: string) => page.getByTestId('day-sheet-booking').filter({ hasText: name });
    await expect(page.locator('[data-testid="day-sheet-slot"][data-slot="3"]').getByTestId('day-sheet-booking').filter({ hasText: arrives })).toBeVisible();
    await expect(page.locator('[data-testid="day-sheet-slot"][data-slot="4"]').getByTestId('day-sheet-booking').filter({ hasText: stays })).toBeVisible();
    await expect(row(arrives)).toContainText('初診受付');
    await expect(row(arrives)).toContainText('未対応');
    await expect(row(arrives).locator('td').nth(1)).not.toHaveText('—');

    // The walk-in link opens the form in admin mode on that slot.
    const walkIn = page.getByRole('link', { name: '14:00〜14:30 に当日受付' });
    const href = new URL((await walkIn.getAttribute('href')) as string, baseURL);
    expect(href.pathname).toBe('/survey/clinic-yoyaku');
    expect(href.searchParams.get('admin')).toBe('1');
    expect(href.searchParams.get('yoyaku')).toMatch(new RegExp(`^naika-ippan-(shoshin_i1|saishin_i2)\\|${day}\\|4$`));

    await row(arrives).getByRole('button', { name: `${arrives} 来院` }).click();
    await expect(row(arrives).getByRole('button', { name: `${arrives} 来院` })).toHaveAttribute('aria-pressed', 'true');
    await row(stays).getByRole('button', { name: `${stays} 未来院` }).click();
    await expect(row(stays).getByRole('button', { name: `${stays} 未来院` })).toHaveAttribute('aria-pressed', 'true');
    await expect(row(stays).getByTestId('arrival-mark')).toContainText('受付 一子');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAxeClean(page, 'day sheet');

    await page.reload();
    await expect(row(arrives).getByRole('button', { name: `${arrives} 来院` })).toHaveAttribute('aria-pressed', 'true');
    await expect(row(arrives).getByRole('button', { name: `${arrives} 未来院` })).toHaveAttribute('aria-pressed', 'false');
    await expect(row(stays).getByRole('button', { name: `${stays} 未来院` })).toHaveAttribute('aria-pressed', 'true');
  });
}

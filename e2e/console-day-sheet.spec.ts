import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { expectAxeClean } from './support';
import { bookClinic, clinicDay, signInClinicStaff } from './console-support';

/**
 * Issue 57's day sheet at the counter: two residents book the demo clinic's 内科外来 for the next
 * clinic day (tomorrow, or Monday when tomorrow is a Sunday, the clinic's day off), an operator of
 * the clinic's team opens that day's sheet, finds them under their slots, marks one 来院 and the
 * other 未来院, and the marks survive a reload. At a desk's and a reception tablet's size, with axe.
 */
const TEAM = '内科受付';

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
]) {
  test(`an operator marks 来院 and 未来院 on the clinic's day sheet (${viewport.width}×${viewport.height})`, async ({ page, browser, baseURL }) => {
    const day = clinicDay();
    const tag = randomBytes(2).toString('hex');
    const arrives = `来院 太郎${tag}`;
    const stays = `欠席 花子${tag}`;
    await bookClinic(browser, arrives, day, '3');
    await bookClinic(browser, stays, day, '4');

    await page.setViewportSize(viewport);
    await signInClinicStaff(page, baseURL as string, { name: '受付 一子', role: 'operator', team: TEAM });
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

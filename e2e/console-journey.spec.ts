import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, signInAsNewResident, surveyItem } from './support';
import { bookClinic, clinicDayWithRoom, signInClinicStaff } from './console-support';

/**
 * Issue 57's clinic day, end to end in Chromium: three residents book the demo clinic's next
 * clinic day; an operator opens that day's sheet, marks one 来院 and one 未来院, registers a
 * walk-in from the sheet in admin mode, sets 対応済 on an answer, cancels the no-show's booking
 * (the slot is free again on the resident calendar and the resident's lookup shows キャンセル済)
 * and exports the day's answers as CSV, parsed here; a guest of the same team sees, and cannot
 * change, any of it.
 */
const TEAM = `内科受付J${randomBytes(2).toString('hex')}`;
const API = '/survey/api/v1/db';

const daySheet = async (page: Page, day: string) => {
  await page.goto(`/admin/calendars/cal-naika?date=${day}`);
  await expect(page.getByRole('heading', { name: '内科外来 の日程表' })).toBeVisible();
};
const booking = (page: Page, name: string) => page.getByTestId('day-sheet-booking').filter({ hasText: name });

/** The resident calendar's [quota, held] of the clinic day's slot. */
const slotCount = async (page: Page, idToken: string, day: string, slot: string): Promise<[number, number]> => {
  const res = await page.request.get(`${API}/calendars/schedule/naika-ippan-shoshin?start_day=${day}&end_day=${day}`, { headers: { Authorization: `Bearer ${idToken}` } });
  expect(res.status(), await res.text()).toBe(200);
  const json = (await res.json()) as { data: { schedule: Record<string, Record<string, [number, number]>> } };
  return Object.values(json.data.schedule)[0]?.[slot] ?? [0, 0];
};

const changeStatus = async (page: Page, status: string) => {
  const control = page.getByTestId('status-change');
  await control.getByLabel('新しい状態').selectOption(status);
  await control.getByRole('button', { name: '状態を変更' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '変更する' }).click();
  await expect(page.getByTestId('answer-status')).toContainText(status);
};

test.describe.configure({ timeout: 240_000 });

test('a receptionist runs the clinic day from the console', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const tag = randomBytes(2).toString('hex');
  // The next clinic day with room for the three bookings and the walk-in (slots 2, 3, 3 and 4).
  const probe = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const probePage = await probe.newPage();
  await signInAsNewResident(probePage, '/survey/clinic-yoyaku', `下見 ${tag}`);
  const probeToken = (await probePage.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { idToken?: string }).idToken)) as string;
  const day = await clinicDayWithRoom(probePage, probeToken, { '2': 1, '3': 2, '4': 1 });
  await probe.close();
  const [comes, missed, handled] = [`来院 一郎${tag}`, `欠席 二郎${tag}`, `対応 三子${tag}`];
  await bookClinic(browser, comes, day, '3');
  const resident = await bookClinic(browser, missed, day, '2', true);
  const idToken = (await resident.page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { idToken?: string }).idToken)) as string;
  const handledBooking = await bookClinic(browser, handled, day, '3');
  const heldBefore = (await slotCount(resident.page, idToken, day, '2'))[1];

  await signInClinicStaff(page, baseURL as string, { name: `受付 花子${tag}`, role: 'operator', team: TEAM });
  await daySheet(page, day);
  await booking(page, comes).getByRole('button', { name: `${comes} 来院` }).click();
  await expect(booking(page, comes).getByRole('button', { name: `${comes} 来院` })).toHaveAttribute('aria-pressed', 'true');
  await booking(page, missed).getByRole('button', { name: `${missed} 未来院` }).click();
  await expect(booking(page, missed).getByRole('button', { name: `${missed} 未来院` })).toHaveAttribute('aria-pressed', 'true');

  // A walk-in at 14:00, registered in admin mode from the sheet; back on the sheet under its slot.
  const walkInName = `当日 四郎${tag}`;
  // The sheet stays open; the walk-in's form opens beside it.
  const [form] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: '14:00〜14:30 に当日受付' }).click()]);
  await expect(form).toHaveURL(/\/survey\/clinic-yoyaku\?.*admin=1/);
  await surveyItem(form, 'shimei').locator('input').fill(walkInName);
  await surveyItem(form, 'denwa').locator('input').fill('0312345678');
  await form.getByTestId('submit-button').click();
  await form.getByRole('dialog').getByTestId('send-button').click();
  await expect(form.getByTestId('answer-code')).toContainText('受付番号');
  await form.close();
  await daySheet(page, day);
  await expect(page.locator('[data-testid="day-sheet-slot"][data-slot="4"]').getByTestId('day-sheet-booking').filter({ hasText: walkInName })).toBeVisible();

  // 対応済 on one answer, from its page.
  await page.goto(`/admin/forms/clinic-yoyaku/a/${encodeURIComponent(handledBooking.partitionKey)}`);
  await expect(page.getByTestId('answer-items')).toContainText(handled);
  await changeStatus(page, '対応済');
  await expect(page.getByTestId('answer-history')).toContainText(`受付 花子${tag}`);

  // The no-show's booking cancelled: the slot is free again and the resident sees キャンセル済.
  await page.goto(`/admin/forms/clinic-yoyaku/a/${encodeURIComponent(resident.partitionKey)}`);
  await changeStatus(page, 'キャンセル');
  expect((await slotCount(resident.page, idToken, day, '2'))[1]).toBe(heldBefore - 1);
  await resident.page.goto('/confirm/clinic-yoyaku');
  await expect(resident.page).toHaveURL(/\/confirmSearchForm\?surveyId=clinic-yoyaku$/);
  await resident.page.getByTestId('lookup-search-form').locator('[data-item-key="denwa"]').fill('09012345678');
  await resident.page.getByTestId('lookup-search').click();
  const card = resident.page.locator('[data-testid="answer-card"][data-status="キャンセル"]');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('answer-status')).toHaveText('キャンセル済');
  await resident.context.close();

  // The day's answers as CSV, downloaded from the list with a reservation-day filter.
  await page.goto('/admin/forms/clinic-yoyaku');
  await page.getByLabel('予約日').fill(day);
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page.getByTestId('answers-table')).toContainText(comes);
  await expectAxeClean(page, 'console answers of the day');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '絞り込んだ回答を出力' }).click()]);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8').slice(1);
  expect(text.split('\r\n')[0]).toMatch(/^受付番号,状態,受付日時,/);
  for (const name of [comes, handled, walkInName]) expect(text).toContain(name);
  expect(text).toContain(`対応済`);

  // A guest of the team sees the sheet and the answer, and no control that changes them.
  const guestContext = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo', viewport: { width: 1024, height: 768 } });
  const guest = await guestContext.newPage();
  await signInClinicStaff(guest, baseURL as string, { name: `見学 五郎${tag}`, role: 'guest', team: TEAM });
  await daySheet(guest, day);
  await expect(booking(guest, comes)).toBeVisible();
  await expect(booking(guest, comes).getByRole('button', { name: `${comes} 来院` })).toHaveCount(0);
  await expect(guest.getByRole('link', { name: /に当日受付$/ })).toHaveCount(0);
  await guest.goto(`/admin/forms/clinic-yoyaku/a/${encodeURIComponent(handledBooking.partitionKey)}`);
  await expect(guest.getByTestId('answer-status')).toContainText('対応済');
  await expect(guest.getByTestId('status-change')).toHaveCount(0);
  await guest.goto('/admin/forms/clinic-yoyaku');
  await expect(guest.getByTestId('answers-table')).toBeVisible();
  await expect(guest.getByRole('link', { name: '絞り込んだ回答を出力' })).toHaveCount(0);
  await expectAxeClean(guest, 'console answers as a guest');
  await guestContext.close();
});

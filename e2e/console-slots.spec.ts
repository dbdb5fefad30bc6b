import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { expectAxeClean, signInAsNewResident } from './support';
import { bookClinic, clinicDay, signInClinicStaff } from './console-support';

/**
 * Issue 58's slots in Chromium: a member of the clinic's team opens 枠の設定 for 内科外来, raises
 * a quota and the resident calendar offers it; sets 臨時休業 and residents see 休; lowers a
 * booked slot below its booking, is shown the booking and saves only on confirmation; imports a
 * slot CSV with one bad row and nothing is written.
 */
const TEAM = `内科設定${randomBytes(2).toString('hex')}`;
const API = '/survey/api/v1/db';

/** Open clinic days from two weeks on: far from the days the other console specs book. */
const openDays = (): string[] => {
  const out: string[] = [];
  for (let d = Temporal.PlainDate.from(clinicDay()).add({ days: 14 }); out.length < 3; d = d.add({ days: 1 })) if (d.dayOfWeek !== 7) out.push(d.toString());
  return out;
};

const residentSchedule = async (page: Page, idToken: string, day: string) => {
  const res = await page.request.get(`${API}/calendars/schedule/naika-ippan-shoshin?start_day=${day}&end_day=${day}`, { headers: { Authorization: `Bearer ${idToken}` } });
  expect(res.status(), await res.text()).toBe(200);
  const json = (await res.json()) as { data: { schedule: Record<string, Record<string, [number, number]>>; dayOff: Record<string, number> } };
  return { slots: json.data.schedule[day] ?? {}, dayOff: json.data.dayOff[day] === 1 };
};

test.describe.configure({ timeout: 180_000 });

test('a member sets quotas and 臨時休業, confirms a quota below a booking, and a bad CSV writes nothing', async ({ page, browser, baseURL }) => {
  const [raised, closed, booked] = openDays() as [string, string, string];
  const tag = randomBytes(2).toString('hex');
  const resident = await bookClinic(browser, `枠 太郎${tag}`, booked, '2', true);
  const idToken = (await resident.page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { idToken?: string }).idToken)) as string;
  const before = await residentSchedule(resident.page, idToken, raised);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInClinicStaff(page, baseURL as string, { name: `設定 花子${tag}`, role: 'member', team: TEAM });
  await page.goto('/admin/calendars');
  await page.getByTestId('console-calendars').getByRole('link', { name: '枠の設定' }).first().click();
  await expect(page.getByRole('heading', { name: '内科外来 の枠の設定' })).toBeVisible();
  await page.getByLabel('表示の開始日').fill(raised);
  await expect(page.locator(`[data-testid="slot-day"][data-day="${raised}"]`)).toBeVisible();
  await expectAxeClean(page, 'console slots');

  // A quota raised, and 臨時休業 on another day: one save.
  const quota = page.getByLabel(`${raised} 09:00〜09:30 の枠数`);
  await quota.fill(String((before.slots['1']?.[0] ?? 3) + 2));
  await page.getByLabel(`${closed} を休業にする`).check();
  await expect(page.getByTestId('slot-save-bar')).toContainText('2件の変更');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('status').filter({ hasText: '保存しました。' })).toBeVisible();
  expect((await residentSchedule(resident.page, idToken, raised)).slots['1']?.[0]).toBe((before.slots['1']?.[0] ?? 3) + 2);

  // Residents see 休 on the closed day.
  const other = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const look = await other.newPage();
  await signInAsNewResident(look, '/calendar/clinic-yoyaku', `閲覧 ${tag}`);
  await look.getByLabel('診療科').selectOption({ label: '内科' });
  await look.getByLabel('区分').selectOption({ label: '一般内科' });
  await look.getByLabel('受診種別').selectOption({ label: '初診' });
  await look.getByLabel('予約項目').selectOption({ label: '初診受付' });
  await expect(look.getByTestId('calendar-view')).toHaveAttribute('data-view', 'week');
  const closedSlot = look.locator(`[data-testid="slot"][data-date="${closed}"][data-slot="1"]`);
  for (let i = 0; i < 8 && (await closedSlot.count()) === 0; i += 1) await look.getByTestId('calendar-next').click();
  await expect(closedSlot).toHaveAttribute('data-state', 'dayOff');
  await expect(closedSlot).toContainText('休');
  await other.close();

  // A booked slot lowered below its booking: shown with the booking, saved only confirmed.
  await page.getByLabel(`${booked} 09:30〜10:00 の枠数`).fill('0');
  await page.getByRole('button', { name: '保存する' }).click();
  const dialog = page.getByRole('dialog', { name: '予約がある枠の変更' });
  await expect(dialog.getByTestId('held-affected')).toContainText(`枠 太郎${tag}`);
  expect((await residentSchedule(resident.page, idToken, booked)).slots['2']?.[0]).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: '予約を残して保存する' }).click();
  await expect(page.getByRole('status').filter({ hasText: '保存しました。' })).toBeVisible();
  const held = await residentSchedule(resident.page, idToken, booked);
  expect(held.slots['2']?.[0]).toBe(0);
  expect(held.slots['2']?.[1]).toBeGreaterThanOrEqual(1);

  // A CSV with one bad row: every problem by line, nothing written.
  const csv = page.getByTestId('slot-csv');
  await csv.getByLabel('CSVの内容').fill(`日付,枠,枠数\n${raised},1,9\n${raised},99,1\n`);
  await csv.getByRole('button', { name: '読み込んで保存' }).click();
  await expect(page.getByTestId('slot-csv-problems')).toContainText('3行目：枠「99」はこのカレンダーにありません');
  expect((await residentSchedule(resident.page, idToken, raised)).slots['1']?.[0]).toBe((before.slots['1']?.[0] ?? 3) + 2);
  await expectAxeClean(page, 'console slots with CSV problems');
  await resident.context.close();
});

/** What the console's e2e specs share: staff made with the CLI and signed in, and clinic bookings. */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { Temporal } from 'temporal-polyfill';
import { signInAsNewResident } from './support';

const PORT = process.env['E2E_PORT'] ?? 18080;
const STAFF = '/survey/api/v1/staff';

export const staffCli = (...args: string[]): string =>
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/cli/staff.ts', ...args], {
    env: { ...process.env, DATA_DIR: '.e2e-data', PUBLIC_URL: `http://localhost:${PORT}` },
    encoding: 'utf8',
  });

/** The next day the demo clinic is open: tomorrow unless that is a Sunday (cal-naika's day off). */
export const clinicDay = (): string => {
  const tomorrow = Temporal.Now.plainDateISO('Asia/Tokyo').add({ days: 1 });
  return (tomorrow.dayOfWeek === 7 ? tomorrow.add({ days: 1 }) : tomorrow).toString();
};

/**
 * The first clinic day, from `clinicDay()` on, whose 初診 slots have room for `needs` (slot key →
 * places). Specs share one database in a run, and each slot holds three: a spec that books
 * several places must not depend on what the specs before it booked.
 */
export const clinicDayWithRoom = async (page: Page, idToken: string, needs: Record<string, number>): Promise<string> => {
  const from = Temporal.PlainDate.from(clinicDay());
  const res = await page.request.get(`/survey/api/v1/db/calendars/schedule/naika-ippan-shoshin?start_day=${from}&end_day=${from.add({ days: 27 })}`, {
    headers: { Authorization: `Bearer ${idToken}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const schedule = ((await res.json()) as { data: { schedule: Record<string, Record<string, [number, number]>> } }).data.schedule;
  const day = Object.keys(schedule)
    .sort()
    .find((d) => Object.entries(needs).every(([slot, n]) => {
      const [quota, held] = schedule[d]?.[slot] ?? [0, 0];
      return quota - held >= n;
    }));
  expect(day, 'a clinic day with room in the next four weeks').toBeDefined();
  return day as string;
};

/**
 * A staff member of `team` (which holds the demo clinic's calendar and form, or `form`), made with
 * the CLI, set up through the set-up link's calls and signed in on `page` with a recovery code.
 */
export const signInClinicStaff = async (page: Page, baseURL: string, a: { name: string; role: string; team: string; form?: string }): Promise<void> => {
  const email = `staff-${randomBytes(4).toString('hex')}@city.example.jp`;
  const password = 'さくら市 受付 2026 day-sheet';
  const out = staffCli('add', '--email', email, '--name', a.name, '--role', a.role, '--team', a.team);
  staffCli('team', a.team, '--calendar', 'cal-naika', '--form', a.form ?? 'clinic-yoyaku');
  const token = decodeURIComponent((out.split('\n').find((l) => l.includes('#token=')) as string).trim().split('#token=')[1] as string);
  const start = await page.request.post(`${STAFF}/setup/start`, { headers: { Origin: baseURL }, data: { token } });
  expect(start.status()).toBe(200);
  const totpSecret = ((await start.json()) as { data: { totpSecret: string } }).data.totpSecret;
  const code = TOTP.generate({ secret: Secret.fromBase32(totpSecret) });
  const done = await page.request.post(`${STAFF}/setup/complete`, { headers: { Origin: baseURL }, data: { token, password, totpSecret, code } });
  expect(done.status()).toBe(200);
  const recovery = ((await done.json()) as { data: { recoveryCodes: string[] } }).data.recoveryCodes[0] as string;
  const signedIn = await page.request.post(`${STAFF}/sign-in`, { headers: { Origin: baseURL }, data: { email, password, code: recovery } });
  expect(signedIn.status()).toBe(200);
};

/** A new resident books the demo clinic's 初診受付 in `slot` on `day` through the resident API; answers the resident's context. */
export const bookClinic = async (browser: Browser, name: string, day: string, slot: string, keep = false) => {
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
  const partitionKey = ((await res.json()) as { partitionKey: string }).partitionKey;
  if (!keep) await context.close();
  return { page, context, partitionKey };
};

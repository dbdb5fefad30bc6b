import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Secret, TOTP } from 'otpauth';
import { expect, test, type Page } from '@playwright/test';
import { importIntoE2e, signInAsNewResident, surveyItem } from './support';

/**
 * Issue 56's admin mode: ?admin=1 shows nothing more to a resident; a staff member signed in to
 * the console (an operator of the form's team, made with the staff CLI, set up with a TOTP code)
 * opens the same card-only payment form with ?admin=1, sees its admin item and the pay type fixed
 * to cash, registers a walk-in and gets its 受付番号; the answer is stored as the office's.
 */
const PORT = process.env['E2E_PORT'] ?? 18080;
const ORIGIN = `http://localhost:${PORT}`;
const RUN = Date.now() % 100000;
const FORM = 'e2e-madoguchi';
const TEAM = `窓口E2E${RUN}`;
const STAFF_NAME = `窓口 花子${RUN}`;
const EMAIL = `madoguchi${RUN}@city.example.jp`;
const PASSWORD = 'さくら市 窓口 e2e 2026 blue';

test.describe.configure({ timeout: 180_000 });

const staffCli = (...args: string[]): string =>
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/cli/staff.ts', ...args], {
    env: { ...process.env, DATA_DIR: '.e2e-data', PUBLIC_URL: ORIGIN },
    encoding: 'utf8',
  });

/** The demo's card-only booking form (sesshu-shiharai), with an item only the office fills. */
const importForm = () => {
  const demo = JSON.parse(readFileSync('demo/bundle.json', 'utf8')) as { surveyConfigs: { surveyId: string; surveySchema: unknown[] }[] };
  const base = demo.surveyConfigs.find((s) => s.surveyId === 'sesshu-shiharai');
  if (!base) throw new Error('the demo has no sesshu-shiharai');
  importIntoE2e({
    surveyConfigs: [
      {
        ...base,
        surveyId: FORM,
        surveyTitle: '窓口での接種予約',
        surveySchema: [...base.surveySchema, { itemKey: 'uketsuke', type: 'text', title: '受付メモ', isAdminItem: true, isRequired: { admin: true } }],
      },
    ],
  });
};

/** The account, made from the command line, set up through the staff API; signs this page's context in. */
const signInStaff = async (page: Page) => {
  const added = staffCli('add', '--email', EMAIL, '--name', STAFF_NAME, '--role', 'operator', '--team', TEAM);
  const token = /#token=([^\s]+)/.exec(added)?.[1];
  expect(token).toBeTruthy();
  staffCli('team', TEAM, '--form', FORM);
  const headers = { origin: ORIGIN };
  const start = await page.request.post('/survey/api/v1/staff/setup/start', { headers, data: { token } });
  expect(start.status()).toBe(200);
  const { totpSecret } = (await start.json()).data as { totpSecret: string };
  const code = TOTP.generate({ secret: Secret.fromBase32(totpSecret) });
  const done = await page.request.post('/survey/api/v1/staff/setup/complete', { headers, data: { token, password: PASSWORD, totpSecret, code } });
  expect(done.status()).toBe(200);
  const { recoveryCodes } = (await done.json()).data as { recoveryCodes: string[] };
  // The set-up spent this TOTP step; a recovery code is the second factor that works at once.
  const signedIn = await page.request.post('/survey/api/v1/staff/sign-in', { headers, data: { email: EMAIL, password: PASSWORD, code: recoveryCodes[0] } });
  expect(signedIn.status()).toBe(200);
};

/** 内科 → 一般内科 → 初診 → 初診受付, then the first open slot, a week at a time (as payment.spec.ts). */
const pickSlot = async (page: Page) => {
  await page.getByLabel('診療科').selectOption({ label: '内科' });
  await page.getByLabel('区分').selectOption({ label: '一般内科' });
  await page.getByLabel('受診種別').selectOption({ label: '初診' });
  await page.getByLabel('予約項目').selectOption({ label: '初診受付' });
  const active = page.locator('[data-testid="slot"][data-state="active"]');
  for (let i = 0; i < 6 && (await active.count()) === 0; i += 1) await page.getByTestId('calendar-next').click();
  await active.first().click();
};

const storedRows = (code: string) => {
  const db = new Database(path.join('.e2e-data', 'app.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT user_id, registrant_name, is_liff_mode, item_key, value FROM survey_results WHERE answer_code = ? AND survey_id = ?').all(code, FORM) as {
      user_id: string;
      registrant_name: string;
      is_liff_mode: number;
      item_key: string;
      value: string;
    }[];
  } finally {
    db.close();
  }
};

test.beforeAll(() => importForm());

test('a resident with ?admin=1 signs in with LINE as usual and sees no admin item', async ({ page }) => {
  await signInAsNewResident(page, `/survey/${FORM}?admin=1`, `住民 E2E${RUN}`);
  await expect(surveyItem(page, 'shimei')).toBeVisible();
  await expect(surveyItem(page, 'uketsuke')).toHaveCount(0);
  // Card only: the resident's one choice is キャッシュレス決済.
  await expect(surveyItem(page, 'shiharai').getByRole('radio', { name: 'キャッシュレス決済' })).toBeChecked();
});

test('a staff member, with no LINE sign-in, registers a walk-in in cash and gets a 受付番号', async ({ page }) => {
  const lineLogin: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/dev/oauth2/')) lineLogin.push(r.url());
  });
  await signInStaff(page);
  await page.goto(`/survey/${FORM}?admin=1`);
  await expect(surveyItem(page, 'uketsuke')).toBeVisible();
  // Nobody signed in with LINE on this browser: the form's reads went through the staff API.
  expect(lineLogin).toEqual([]);
  expect(page.url()).toContain(`/survey/${FORM}?admin=1`);
  const cash = surveyItem(page, 'shiharai').getByRole('radio', { name: '現金' });
  await expect(cash).toBeChecked();
  await expect(cash).toBeDisabled();
  await expect(surveyItem(page, 'shiharai').getByRole('radio', { name: 'キャッシュレス決済' })).toHaveCount(0);

  await pickSlot(page);
  await page.getByTestId('order-add').click();
  const lineDialog = page.getByRole('dialog');
  await lineDialog.getByLabel('商品分類').selectOption({ label: '予防接種' });
  await lineDialog.getByLabel('商品', { exact: true }).selectOption({ label: 'インフルエンザ予防接種' });
  await lineDialog.getByLabel('数量').fill('1');
  await lineDialog.getByTestId('order-save').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await surveyItem(page, 'shimei').locator('input').fill(`来院 太郎${RUN}`);
  await surveyItem(page, 'uketsuke').locator('input').fill('窓口で受付');

  // Cash: no card provider, the answer is sent as it is.
  await expect(page.getByTestId('submit-button')).toHaveText('予約する');
  await page.getByTestId('submit-button').click();
  await page.getByRole('dialog').getByTestId('send-button').click();
  await expect(page.getByTestId('answer-code')).toContainText('受付番号');
  const code = /\d+/.exec((await page.getByTestId('answer-code').textContent()) ?? '')?.[0] ?? '';
  expect(code).not.toBe('');
  const stored = storedRows(code);
  expect(stored.length).toBeGreaterThan(0);
  for (const row of stored) expect(row).toMatchObject({ registrant_name: STAFF_NAME, is_liff_mode: 0 });
  expect(stored[0]?.user_id).toMatch(/^I/);
  expect(stored.find((r) => r.item_key === 'uketsuke')?.value).toBe('窓口で受付');
  expect(stored.find((r) => r.item_key === 'shiharai')?.value).toBe('1');
  expect(lineLogin).toEqual([]);
});

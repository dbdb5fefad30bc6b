import { execFileSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { surveyItem, waitForServiceWorker } from './support';

/**
 * Issue 18's kiosk: a clinic enrols a reception tablet from the command line; visitor after
 * visitor answers on it with no LINE account, and none finds anything of the one before (handed
 * over by 次の方へ, or by the idle timeout). An answer made offline survives the hand-over and is
 * delivered once when the network returns; the kiosk's credential reads nothing; a revoked kiosk
 * stops at once.
 */
const FORM = 'soudan-yoyaku-shoukai';
const KIOSK = '受付E2E';
const IDLE_SECONDS = 15;

test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: true });

const cli = (...args: string[]): string =>
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/cli/kiosk.ts', ...args], {
    env: { ...process.env, DATA_DIR: '.e2e-data', PUBLIC_URL: `http://localhost:${process.env['E2E_PORT'] ?? 18080}` },
    encoding: 'utf8',
  });

/** The e2e server's own database, read as an operator would. */
const storedRows = (secret: string) => {
  const db = new Database(path.join('.e2e-data', 'app.sqlite'), { readonly: true });
  try {
    return db
      .prepare('SELECT partition_key, user_id, user_name FROM survey_results WHERE value LIKE ?')
      .all(`%${secret}%`) as { partition_key: string; user_id: string; user_name: string | null }[];
  } finally {
    db.close();
  }
};

const storedText = (page: Page): Promise<string> =>
  page.evaluate(async () => {
    const parts: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name as string);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result as unknown[]);
          req.onerror = () => reject(req.error);
        });
        parts.push(JSON.stringify(rows));
      }
      db.close();
    }
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++) parts.push(storage.getItem(storage.key(i) as string) ?? '');
    }
    return parts.join('\n');
  });

/** No text smaller than 16 px and no touch target under 48 px on the screen as it is now. */
const tabletProblems = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    for (const el of Array.from(document.querySelectorAll('main *, header *'))) {
      if (!visible(el)) continue;
      const ownText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      if (ownText && parseFloat(getComputedStyle(el).fontSize) < 16) problems.push(`text ${getComputedStyle(el).fontSize}: ${el.textContent?.trim().slice(0, 30)}`);
    }
    const targets = 'button, a[href], input:not([type=checkbox]):not([type=radio]):not([type=hidden]), select, textarea, [role=button], [role=combobox]';
    for (const el of Array.from(document.querySelectorAll(targets))) {
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.height < 48) problems.push(`target ${Math.round(r.height)}px: ${el.textContent?.trim().slice(0, 30) || el.outerHTML.slice(0, 60)}`);
    }
    const main = document.querySelector('main')?.getBoundingClientRect();
    if (main && main.width < 900) problems.push(`column ${Math.round(main.width)}px on a ${window.innerWidth}px screen`);
    return problems;
  });

const answer = async (page: Page, name: string) => {
  await page.getByTestId('kiosk-form').filter({ hasText: '子育て相談' }).click();
  await surveyItem(page, 'name').getByRole('textbox').fill(name);
  await page.getByTestId('submit-button').click();
  await page.getByRole('dialog').getByRole('button', { name: '送信する' }).click();
};

test('a kiosk serves visitor after visitor with no trace of the last; its credential reads nothing; revoked, it stops', async ({ page, context }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const enrolment = cli('enrol', '--name', KIOSK, '--forms', `${FORM},clinic-yoyaku`, '--idle', String(IDLE_SECONDS));
  const url = enrolment.split('\n').find((l) => l.startsWith('http'));
  expect(url).toMatch(/\/kiosk\/enrol\?code=/);

  await page.goto(url as string);
  await expect(page.getByTestId('kiosk-start')).toBeVisible();
  await expect(page.getByTestId('kiosk-name')).toContainText(KIOSK);
  await expect(page.getByTestId('kiosk-form')).toHaveCount(2);
  // No LINE sign-in: nothing of a resident's session on the device.
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  expect(await tabletProblems(page)).toEqual([]);
  // The enrolment code was spent.
  const again = await page.request.post('/survey/api/v1/db/kiosk/enrol', { data: { code: new URL(url as string).searchParams.get('code') } });
  expect(again.status()).toBe(400);
  await waitForServiceWorker(page);

  // Visitor 1 answers and hands over with 次の方へ.
  const first = `来院者一${stamp}`;
  await page.getByTestId('kiosk-form').filter({ hasText: '子育て相談' }).click();
  await expect(surveyItem(page, 'name').getByRole('textbox')).toBeVisible();
  // A kiosk cannot look answers up: the description's pointer to 申込内容の照会 is left out.
  await expect(page.getByTestId('survey-description')).toHaveText('子育て相談のお申込みです。');
  expect(await tabletProblems(page)).toEqual([]);
  await page.goto('/kiosk');
  await answer(page, first);
  await expect(page.getByTestId('kiosk-complete')).toBeVisible();
  await expect(page.getByTestId('answer-code')).toBeVisible();
  const code = (await page.getByTestId('answer-code').textContent())?.trim();
  expect(code).toBeTruthy();
  const codeSize = await page.getByTestId('answer-code').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(codeSize).toBeGreaterThanOrEqual(40);
  await page.getByTestId('kiosk-next').click();
  await expect(page.getByTestId('kiosk-start')).toBeVisible();
  await expect.poll(() => storedText(page)).not.toContain(first);
  const rows = storedRows(first);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.user_id).toMatch(/^I/);
  expect(rows[0]?.user_name).toBe(KIOSK);

  // Visitor 2 finds an empty form, types, and walks away: the countdown shows, then the wipe.
  const second = `来院者二${stamp}`;
  await page.getByTestId('kiosk-form').filter({ hasText: '子育て相談' }).click();
  await expect(surveyItem(page, 'name').getByRole('textbox')).toHaveValue('');
  await expect(page.getByText(first)).toHaveCount(0);
  await surveyItem(page, 'name').getByRole('textbox').fill(second);
  await expect.poll(() => storedText(page)).toContain(second);
  await expect(page.getByTestId('kiosk-idle')).toBeVisible({ timeout: IDLE_SECONDS * 1000 });
  await expect(page.getByTestId('kiosk-idle')).toContainText('秒で最初の画面に戻ります');
  await expect(page.getByTestId('kiosk-start')).toBeVisible({ timeout: IDLE_SECONDS * 1000 });
  await expect.poll(() => storedText(page)).not.toContain(second);
  await page.getByTestId('kiosk-form').filter({ hasText: '子育て相談' }).click();
  await expect(surveyItem(page, 'name').getByRole('textbox')).toHaveValue('');
  await page.getByTestId('kiosk-home').click();

  // The clinic's calendar is readable at arm's length: 16 px text, 48 px slots.
  await page.getByTestId('kiosk-form').filter({ hasText: '診療予約' }).click();
  const levels = surveyItem(page, 'yoyaku').locator('select');
  await levels.first().selectOption({ index: 1 });
  for (let i = 1; i < 4; i++) {
    await expect(levels).toHaveCount(i + 1);
    await levels.nth(i).selectOption({ index: 1 });
  }
  await expect(page.getByTestId('slot').first()).toBeVisible();
  expect(await tabletProblems(page)).toEqual([]);
  await page.getByTestId('kiosk-home').click();
  await expect(page.getByTestId('kiosk-start')).toBeVisible();

  // Visitor 3 answers offline: queued, kept through the hand-over, delivered once when back online.
  const third = `来院者三${stamp}`;
  await context.setOffline(true);
  await answer(page, third);
  await expect(page.getByTestId('survey-queued')).toBeVisible();
  await page.getByTestId('kiosk-next').click();
  await expect(page.getByTestId('kiosk-start')).toBeVisible();
  await expect(page.getByTestId('kiosk-waiting')).toHaveAttribute('data-count', '1');
  expect(storedRows(third)).toHaveLength(0);
  await context.setOffline(false);
  await expect(page.getByTestId('kiosk-waiting')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => storedRows(third).length).toBe(1);
  await expect.poll(() => storedText(page)).not.toContain(third);
  expect(storedRows(third)[0]?.user_id).toMatch(/^I/);

  // The kiosk's credential reads nothing: every read, lookup, change and cancel is refused.
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('kiosk') ?? '{}') as { token: string }).token);
  const auth = { Authorization: `Bearer ${token}` };
  const partitionKey = rows[0]?.partition_key as string;
  const api = '/survey/api/v1/db';
  const refused = [
    await page.request.post(`${api}/survey-results/query`, { headers: auth, data: { surveyId: FORM } }),
    await page.request.get(`${api}/survey-results/getBySurveyIdUserIdIndex?surveyId=${FORM}`, { headers: auth }),
    await page.request.get(`${api}/survey-results/getBySurveyIdPartitionKeyIndex?surveyId=${FORM}&partitionKey=${encodeURIComponent(partitionKey)}`, { headers: auth }),
    await page.request.post(`${api}/survey-results/filterQuery`, { headers: auth, data: { queryParams: { surveyId: FORM } } }),
    await page.request.post(`${api}/survey-results/cancelItem`, { headers: auth, data: { surveyId: FORM, partitionKey, userId: 'x' } }),
    await page.request.post(`${api}/survey-results/putItem`, {
      headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
      data: { data: [{ surveyId: FORM, partitionKey, itemKey: 'name', value: '書き換え' }] },
    }),
  ];
  expect(refused.map((r) => r.status())).toEqual([403, 403, 403, 403, 403, 403]);
  expect(storedRows('書き換え')).toHaveLength(0);

  // Revoked from the command line: the tablet stops with a clear screen.
  cli('revoke', KIOSK);
  expect((await page.request.get(`${api}/kiosk/me`, { headers: auth })).status()).toBe(401);
  await page.reload();
  await expect(page.getByTestId('kiosk-revoked')).toContainText('この端末での受付は停止されています。');
  await expect(page.getByTestId('kiosk-form')).toHaveCount(0);
});

/** What several e2e specs share: signing in, finding an item, importing a bundle, the service worker, axe. */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** Opens `path` without a session, signs in as `resident` at the dev issuer, and waits to be back. */
export const signInAt = async (page: Page, at: string, resident: string): Promise<void> => {
  await page.goto(at);
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  await page.getByRole('link', { name: new RegExp(resident) }).click();
  await expect(page.getByTestId('resident-name')).toContainText(resident);
  await formTaken(page);
};

/**
 * Opens `at` without a session and signs in at the dev issuer under a user id of its own (typed, as
 * the issuer allows), so a test that counts one resident's answers finds none left by other tests
 * or by an earlier run against the same server.
 */
export const signInAsNewResident = async (page: Page, at: string, name: string): Promise<void> => {
  await page.goto(at);
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  await page.getByLabel(/ユーザー ID/).fill(`U${randomBytes(16).toString('hex')}`);
  await page.getByLabel(/表示名/).fill(name);
  await page.getByRole('button', { name: 'この ID でログイン' }).click();
  await expect(page.getByTestId('resident-name')).toContainText(name);
  await formTaken(page);
};

/** The server's form is the app's now (src/ssr/handoff.ts): its choices and buttons answer. */
export const formTaken = (page: Page): Promise<void> => expect(page.locator('[data-prehydration]')).toHaveCount(0);

export const surveyItem = (page: Page, key: string) => page.locator(`[data-testid="survey-item"][data-item-key="${key}"]`);

/** Imports a bundle into the e2e server's database through the import CLI, as an operator does. */
export const importIntoE2e = (bundle: unknown): void => {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-bundle-'));
  const file = path.join(dir, 'bundle.json');
  writeFileSync(file, JSON.stringify(bundle));
  try {
    execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/cli/import.ts', file], {
      env: { ...process.env, DATA_DIR: '.e2e-data' },
      stdio: 'pipe',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/**
 * Waits until the service worker controls the page. The worker registers after the load event,
 * precaches the app and then claims the page; on a loaded CI machine that first install has once
 * taken more than 30 s without the page being claimed. A resident's next visit would be served by
 * the installed worker, so after a first wait the page is reloaded once — the reload is what a
 * resident does, and a worker that never installs still fails the test.
 */
export const waitForServiceWorker = async (page: Page): Promise<void> => {
  const controlled = () => page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 20_000 });
  try {
    await controlled();
  } catch {
    await page.reload();
    await controlled();
  }
};

/**
 * axe finds no WCAG 2.2 AA violation on the screen as it stands, once its transitions have ended
 * and its dialogs are opaque: a dialog fading in has colours that are not its own, and contrast
 * checks would read them.
 */
export const expectAxeClean = async (page: Page, name: string): Promise<void> => {
  await page.waitForFunction(() => {
    const moving = document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    // A dialog mounted this frame is transparent before its fade-in has begun: wait until it is opaque.
    const faint = Array.from(document.querySelectorAll('[role="dialog"]')).some((d) => {
      for (let el: Element | null = d; el; el = el.parentElement) if (Number(getComputedStyle(el).opacity) < 1) return true;
      return false;
    });
    return !moving && !faint;
  });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`), `${name}: axe`).toEqual([]);
};

export interface PickedSlot {
  date: string;
  key: string;
  /** The places the slot showed left before it was picked (残り N). */
  remaining: number;
}

/**
 * Picks the first active slot (matching `extra`, a selector suffix) whose booking could still be
 * changed and cancelled: one for which the picker shows no deadline warning. Near a weekend or a
 * day off the next days are inside their cancel deadline already, so the first active slot is not
 * always one. Moves on a week at a time; the slot is left picked.
 */
export const pickChangeableSlot = async (page: Page, extra = ''): Promise<PickedSlot> => {
  for (let week = 0; week < 6; week += 1) {
    const active = page.locator(`[data-testid="slot"][data-state="active"]${extra}`);
    const count = await active.count();
    for (let i = 0; i < count; i += 1) {
      const slot = active.nth(i);
      const date = (await slot.getAttribute('data-date')) ?? '';
      const key = (await slot.getAttribute('data-slot')) ?? '';
      const remaining = Number(/残り(\d+)/.exec((await slot.textContent()) ?? '')?.[1] ?? NaN);
      await slot.click();
      // The warning is drawn with the summary of the slot picked, from what the calendar has loaded.
      await expect(page.getByTestId('reservation-summary')).toHaveAttribute('data-value', new RegExp(`\\|${date}\\|${key}$`));
      if ((await page.getByTestId('deadline-warning').count()) === 0) return { date, key, remaining };
    }
    await page.getByTestId('calendar-next').click();
  }
  throw new Error('no changeable slot in six weeks');
};

/**
 * The product's alert dialog (src/ui/alert.ts, 320 wide; never the browser's own): it shows `text`
 * and is closed with its OK button. No native dialog may open meanwhile.
 */
export const expectAlert = async (page: Page, text: string): Promise<void> => {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
};

/**
 * Visible boxes whose content is wider than the box (a clipped label, a cell's text over the next one),
 * calendar cells that overlap, slot texts broken inside a piece or off centre.
 */
export const clippedBoxes = (page: Page) =>
  page.evaluate(() => {
    const sel = 'button, a[role="button"], .mantine-Button-label, .mantine-Badge-label, .cal-week td, .cal-week th, .cal-month td, .cal-month th, .cal-slot, .bed-month td, .bed-month th';
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName.toLowerCase()}.${el.className}: "${el.textContent?.trim()}" ${el.scrollWidth}>${el.clientWidth}`);
    }
    // The calendar's cells: no two in one row overlap.
    for (const row of Array.from(document.querySelectorAll('.cal-week tr, .cal-month tr'))) {
      const cells = Array.from(row.children).map((c) => c.getBoundingClientRect());
      for (let i = 1; i < cells.length; i += 1) {
        if ((cells[i - 1] as DOMRect).right > (cells[i] as DOMRect).left + 1) out.push(`overlap in calendar row: "${row.textContent?.trim()}"`);
      }
    }
    // A slot's text (残り3) breaks only between its pieces, never inside one, and each line is centred.
    for (const slot of Array.from(document.querySelectorAll<HTMLElement>('.cal-slot'))) {
      const box = slot.getBoundingClientRect();
      if (box.width === 0) continue;
      const lines = new Map<number, { left: number; right: number }>();
      const walker = document.createTreeWalker(slot, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
        if (new Set(rects.map((r) => Math.round(r.top))).size > 1) out.push(`slot text broken inside: "${node.textContent}" in "${slot.textContent}"`);
        for (const r of rects) {
          const top = Math.round(r.top);
          const line = lines.get(top);
          lines.set(top, { left: Math.min(line?.left ?? r.left, r.left), right: Math.max(line?.right ?? r.right, r.right) });
        }
      }
      for (const { left, right } of lines.values()) {
        if (Math.abs(left - box.left - (box.right - right)) > 2) out.push(`slot text off centre: "${slot.textContent}"`);
      }
    }
    return out;
  });

/**
 * The screen as it stands: no label, badge or calendar cell clipped or overflowing (clippedBoxes),
 * and, with `axe`, no WCAG 2.2 AA violation.
 */
export const checkScreen = async (page: Page, name: string, axe: boolean) => {
  expect(await clippedBoxes(page), `${name}: clipped or overflowing`).toEqual([]);
  if (!axe) return;
  await expectAxeClean(page, name);
};

/** The phone sizes each resident journey of issue 54 is walked at. */
export const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

/**
 * At a phone's size nothing runs off the side: the page does not scroll sideways, and each of
 * `keys` (the buttons a resident presses next) lies whole in the viewport once scrolled to, as a
 * resident would scroll to it.
 */
export const expectFitsPhone = async (page: Page, name: string, keys: Locator[] = []): Promise<void> => {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: wider than the screen`).toBeLessThanOrEqual(width);
  for (const key of keys) {
    await key.scrollIntoViewIfNeeded();
    await expect(key, `${name}: a key button out of view`).toBeInViewport({ ratio: 1 });
  }
};


/**
 * A first-come form of one place per slot (three a day), for a slot lost at send (slot-lost.spec.ts,
 * screens.spec.ts). Importing it again changes nothing; the tree keeps the demo's categories.
 */
export const LOST_SLOT_FORM = 'e2e-lost';
export const importLostSlotForm = (): void => {
  const demo = JSON.parse(readFileSync('demo/bundle.json', 'utf8')) as { categoriesTree: unknown[] };
  importIntoE2e({
    calendars: [
      {
        sortKey: 'cal-e2e-lost',
        calendarName: '集団接種（先着）',
        calendarOff: 0,
        comaList: { '1': { start: '09:00', end: '09:30' }, '2': { start: '10:00', end: '10:30' }, '3': { start: '11:00', end: '11:30' } },
        reservationCancelLimit: 0,
        reservationPossibleStart: 1,
        reservationPossibleMonths: 1,
        reservationControlType: 0,
      },
    ],
    categoriesTree: [
      ...demo.categoriesTree,
      {
        id: 'e2e-lost',
        name: '先着予約',
        children: [
          {
            id: 'e2e-lost-a',
            name: '会場A',
            children: [{ id: 'e2e-lost-a-1', name: '午前', calendarId: 'cal-e2e-lost', items: [{ itemId: 'x1', itemName: '接種受付', cost: 1 }] }],
          },
        ],
      },
    ],
    slotRules: [{ calendarId: 'cal-e2e-lost', weekdays: [1, 2, 3, 4, 5, 6, 7], slots: { '1': 1, '2': 1, '3': 1 }, days: 20 }],
    surveyConfigs: [
      {
        surveyId: LOST_SLOT_FORM,
        surveyTitle: '先着予約',
        surveyStatus: 'enabled',
        isAppending: { value: true },
        surveySchema: [
          { itemKey: 'yoyaku', type: 'reservation', title: '予約内容', isRequired: { value: true }, categories_tree: { large: '先着予約', medium: '会場A', small: '午前' } },
          { itemKey: 'shimei', type: 'text', title: '氏名', isRequired: { value: true } },
        ],
      },
    ],
  });
};

/** How long holdBackScripts keeps the app's code back: anything shown before is the server's HTML. */
export const JS_DELAY_MS = 3_000;

/** The app's scripts arrive JS_DELAY_MS late, as on a slow link (not through a service worker: block it). */
export const holdBackScripts = (page: Page) =>
  page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, JS_DELAY_MS));
    await route.continue();
  });

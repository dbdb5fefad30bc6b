import { expect, test, type Page } from '@playwright/test';
import { formTaken, signInAsNewResident, surveyItem, waitForServiceWorker } from './support';
import { FORM_PAGES_CACHE_PREFIX } from '../core/pwa/sw-contract';

/**
 * Issue 60: the service worker keeps the server's page of a form opened once (sw/form-pages.ts),
 * under its pathname alone, and that page holds nothing of the residents who used the form.
 */
const SURVEY = 'kenko-survey';
const TITLE = 'さくら市 健康づくりアンケート';
const SHARED_FORM = 'soudan-yoyaku-shoukai';

/** The form pages' caches: each entry's pathname and search, and its stored HTML. */
const keptPages = (page: Page) =>
  page.evaluate(async (prefix) => {
    const out: { path: string; search: string; html: string }[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith(prefix)) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        out.push({ path: url.pathname, search: url.search, html: (await (await cache.match(request))?.text()) ?? '' });
      }
    }
    return out;
  }, FORM_PAGES_CACHE_PREFIX);

const keptPaths = async (page: Page) => (await keptPages(page)).map((p) => p.path + p.search).sort();

const sessionOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}') as { idToken: string; profile: { userId: string; displayName: string } });

const signOut = async (page: Page) => {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('sign-out').click();
  const deleteDrafts = page.getByTestId('sign-out-delete');
  const start = page.getByRole('heading', { name: '受付中のフォーム' });
  await expect(deleteDrafts.or(start)).toBeVisible();
  if (await deleteDrafts.isVisible()) await deleteDrafts.click();
  await expect(start).toBeVisible();
};

test('a form opened once is painted offline from its kept page; a query string or a closed form adds no entry', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signInAsNewResident(page, `/survey/${SURVEY}`, 'ページ 保存');
  await waitForServiceWorker(page);
  // The first visit's navigation came before the worker: it fetches the open form's page on activation.
  await expect.poll(() => keptPaths(page)).toEqual([`/survey/${SURVEY}`]);
  // The server's page of this form (its splash names it), not the bare index.html.
  expect((await keptPages(page))[0]?.html).toContain(TITLE);

  await context.setOffline(true);
  const offline = await page.reload();
  expect(offline?.fromServiceWorker()).toBe(true);
  // The server's render of the form itself, from the worker's copy (issue 60).
  const kept = (await offline?.text()) ?? '';
  expect(kept).toContain(TITLE);
  expect(kept).toContain('id="form-island"');
  expect(kept).toContain('data-item-key="age_group"');
  // The questions show from that HTML with no network, and the app then takes the form.
  await expect(surveyItem(page, 'age_group')).toContainText('年代');
  await formTaken(page);
  await expect(page.getByTestId('survey-title')).toHaveText(TITLE);
  await expect(page.getByTestId('survey-form')).toHaveAttribute('data-interactive', 'true');
  await context.setOffline(false);

  // An address with a query (a resident's answer) is answered but never kept, not even by its pathname.
  await page.goto(`/survey/${SHARED_FORM}?partitionKey=${SHARED_FORM}%23Uquery`);
  // Nor is the page of a form that is not open (its mark would outlive a reopening).
  await page.goto('/survey/no-such-form');
  // A later page without one is kept: by then the query's answer had its chance to be stored.
  await page.goto('/calendar/clinic-yoyaku');
  await expect.poll(() => keptPaths(page)).toEqual(['/calendar/clinic-yoyaku', `/survey/${SURVEY}`]);
});

test('no personal data in any cached page after two residents used a form', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const needles: string[] = [];

  const useForm = async (who: string, submit: boolean) => {
    const name = `住民${who} ${stamp}`;
    const typed = `${who}の相談${stamp}`;
    await signInAsNewResident(page, `/survey/${SHARED_FORM}`, name);
    await waitForServiceWorker(page);
    const session = await sessionOf(page);
    needles.push(name, typed, session.idToken, session.profile.userId);
    await surveyItem(page, 'name').getByRole('textbox').fill(name);
    await surveyItem(page, 'topic').getByRole('textbox').fill(typed);
    if (submit) {
      await page.getByTestId('submit-button').click();
      await page.getByRole('dialog').getByRole('button', { name: '送信する' }).click();
      await expect(page.getByTestId('survey-complete')).toBeVisible();
    }
    // The form's page is kept while this resident is signed in.
    await expect.poll(async () => (await keptPaths(page)).includes(`/survey/${SHARED_FORM}`)).toBe(true);
    await signOut(page);
  };
  await useForm('A', true);
  await useForm('B', false);

  const found = await page.evaluate(async (secrets) => {
    const hits: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const text = `${request.url}\n${(await (await cache.match(request))?.text()) ?? ''}`;
        for (const s of secrets) if (text.includes(s)) hits.push(`${name} ${request.url}: ${s.slice(0, 20)}`);
      }
    }
    return hits;
  }, needles);
  expect(needles).toHaveLength(8);
  expect(found).toEqual([]);
  expect((await keptPages(page)).length).toBeGreaterThan(0);
});

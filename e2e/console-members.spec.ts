import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { expectAxeClean, surveyItem } from './support';
import { bookClinic, clinicDay, signInClinicStaff, staffCli } from './console-support';

/**
 * Issue 57's members in Chromium: a resident books the demo clinic (a form linked to the demo's
 * member form) and registers as a member on さくら市民クリニック 会員登録; an operator of a team
 * holding that member form opens 会員 from the console home, finds the member by the number typed
 * in full-width digits and by the phone typed with hyphens, opens the record, sees the booking
 * among the linked answers and follows it to its answer page; each screen axe clean at 1280×800
 * and 1024×768. A guest of the same team reads the same.
 */
const TEAM = `会員係M${randomBytes(2).toString('hex')}`;
const MEMBER_FORM = 'sakura-kaiin';
const MEMBER_FORM_TITLE = 'さくら市民クリニック 会員登録';
const LINKED_TITLE = 'さくら市民クリニック 診療予約';
const TAG = randomBytes(2).toString('hex');
const NAME = `会員 京子${TAG}`;
// A phone of this run's own, so the search finds this member alone.
const PHONE = `0902${String(parseInt(TAG, 16) % 10_000_000).padStart(7, '0')}`;

const toFullWidth = (s: string) => s.replace(/[0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/** Ten days past the next clinic day (a Sunday moved on), so the other console specs' slots are left alone. */
const bookingDay = (): string => {
  const d = Temporal.PlainDate.from(clinicDay()).add({ days: 10 });
  return (d.dayOfWeek === 7 ? d.add({ days: 1 }) : d).toString();
};

const search = async (page: Page, text: string) => {
  await page.getByLabel('会員番号・氏名・電話番号で検索').fill(text);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  // The table drawn for this search, its answer arrived (till then the last rows stay, aria-busy).
  await expect(page.getByTestId('members-table')).toHaveAttribute('data-q', text);
  await expect(page.getByTestId('members-table')).toHaveAttribute('aria-busy', 'false');
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
};

let member: { number: string; grouped: string; booking: string } | null = null;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('a resident books the clinic and registers as a member', async ({ browser }) => {
  const resident = await bookClinic(browser, NAME, bookingDay(), '1', true);
  const page = resident.page;
  await page.goto(`/member/${MEMBER_FORM}`);
  await expect(page.getByTestId('survey-title')).toHaveText(MEMBER_FORM_TITLE);
  await surveyItem(page, 'shimei').locator('input').fill(NAME);
  await surveyItem(page, 'denwa').locator('input').fill(PHONE);
  await page.getByTestId('submit-button').click();
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByTestId('member-done')).toContainText('会員登録が完了しました。');
  const grouped = ((await page.getByTestId('member-number').locator('strong').textContent()) ?? '').trim();
  expect(grouped).toMatch(/^0001-\d{7}$/);
  member = { number: grouped.replace('-', ''), grouped, booking: resident.partitionKey };
  await resident.context.close();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
]) {
  test(`an operator finds the member and follows a linked answer (${viewport.width}×${viewport.height})`, async ({ page, baseURL }) => {
    const m = member as NonNullable<typeof member>;
    await page.setViewportSize(viewport);
    await signInClinicStaff(page, baseURL as string, { name: `会員 係${viewport.width}`, role: 'operator', team: TEAM });
    staffCli('team', TEAM, '--form', MEMBER_FORM);

    await page.goto('/admin');
    await page.getByRole('link', { name: '会員', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/members$/);
    await expect(page.getByRole('heading', { name: '担当の会員登録フォーム' })).toBeVisible();
    const forms = page.getByTestId('console-member-forms');
    const row = forms.getByRole('row').filter({ hasText: MEMBER_FORM_TITLE });
    await expect(row.getByTestId('member-count')).toHaveText(/^[1-9]\d*$/);
    await expect(row).toContainText(TEAM);
    await expectAxeClean(page, 'member forms');
    await row.getByRole('link', { name: MEMBER_FORM_TITLE }).click();
    await expect(page.getByRole('heading', { name: MEMBER_FORM_TITLE })).toBeVisible();

    // The member number typed in full-width digits.
    await search(page, toFullWidth(m.number));
    const rows = page.getByTestId('member-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId('member-number')).toHaveText(m.grouped);
    await expect(rows.locator('[data-item-key="shimei"]')).toHaveText(NAME);
    await expect(rows.locator('[data-item-key="denwa"]')).toHaveText(PHONE);
    await expect(rows).toContainText(/\d{4}年\d{1,2}月\d{1,2}日/);
    await expectAxeClean(page, 'members search by number');

    // Nothing for a number nobody holds; then the phone typed with hyphens.
    await search(page, '０００１－９９９９９９９');
    await expect(page.getByTestId('members-none')).toHaveText('条件に合う会員はいません。');
    await expect(rows).toHaveCount(0);
    const hyphenated = `${PHONE.slice(0, 3)}-${PHONE.slice(3, 7)}-${PHONE.slice(7)}`;
    await search(page, hyphenated);
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId('member-number')).toHaveText(m.grouped);
    await expect(page.getByTestId('members-page')).toHaveText('1ページ目');
    await expect(page.getByRole('button', { name: '次へ' })).toBeDisabled();

    await rows.getByRole('link', { name: `${m.grouped} の詳細` }).click();
    await expect(page.getByTestId('member-heading')).toHaveText(`会員情報（会員番号 ${m.grouped}）`);
    const items = page.getByTestId('member-items');
    await expect(items.locator('[data-item-key="kaiin_bangou"]')).toContainText(m.grouped);
    await expect(items.locator('[data-item-key="shimei"]')).toContainText(NAME);
    await expect(items.locator('[data-item-key="denwa"]')).toContainText(PHONE);
    const linked = page.getByTestId('member-linked-answer');
    await expect(linked).toHaveCount(1);
    await expect(linked).toContainText(LINKED_TITLE);
    await expect(linked).toContainText('未対応');
    // The day it booked, in slot 1's time.
    await expect(linked.getByTestId('member-linked-reservation')).toContainText(bookingDay());
    await expect(linked.getByTestId('member-linked-reservation')).toContainText(/\d{1,2}:\d{2}–\d{1,2}:\d{2}/);
    await expectAxeClean(page, 'member record');

    // The way back keeps the search.
    await page.getByRole('link', { name: '会員一覧へ' }).click();
    await expect(page.getByLabel('会員番号・氏名・電話番号で検索')).toHaveValue(hyphenated);
    await expect(rows).toHaveCount(1);
    await page.goBack();

    await linked.getByRole('link', { name: `${LINKED_TITLE} の回答を開く` }).click();
    await expect(page).toHaveURL(`/admin/forms/clinic-yoyaku/a/${encodeURIComponent(m.booking)}`);
    await expect(page.getByRole('heading', { name: /回答の詳細/ })).toBeVisible();
    await expect(page.getByTestId('answer-items')).toContainText(NAME);
  });
}

test('a guest of the team reads the members too', async ({ page, baseURL }) => {
  const m = member as NonNullable<typeof member>;
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInClinicStaff(page, baseURL as string, { name: '会員 閲覧', role: 'guest', team: TEAM });
  await page.goto(`/admin/members/${MEMBER_FORM}?q=${encodeURIComponent(NAME)}`);
  await expect(page.getByTestId('console-staff')).toContainText('ゲスト');
  const rows = page.getByTestId('member-row');
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link', { name: `${m.grouped} の詳細` }).click();
  await expect(page.getByTestId('member-linked-answer')).toContainText(LINKED_TITLE);
  await expectAxeClean(page, 'member record for a guest');
  await page.getByTestId('member-linked-answer').getByRole('link', { name: /の回答を開く$/ }).click();
  await expect(page.getByTestId('answer-items')).toContainText(NAME);
});

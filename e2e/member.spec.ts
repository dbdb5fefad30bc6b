import { expect, test, type Page } from '@playwright/test';
import { checkScreen, expectAlert, expectAxeClean, expectFitsPhone, formTaken, PHONES, pickChangeableSlot, signInAsNewResident, surveyItem } from './support';

/**
 * Members (spec 01 §4, spec 02 §2): the demo's members-only form (kaiin-yoyaku, hasMember false
 * with memberFormId sakura-kaiin) sends a resident who is not a member to the member registration;
 * they register and get an automatic member number (0001 + 7 digits), go back to the form and book
 * a slot; the completion, the start page and the menu lead to their list of bookings (date, time,
 * department, 変更 and キャンセル); they look themselves up as a member (typing in full width), find
 * the booking under its date, and cancel it from the list. Walked at 360×740 and 390×844 (issue
 * 54): the list's cards, their 変更 and キャンセル and the ways in fit the screen.
 */

const NAME = '高橋 健一';

const toFullWidth = (s: string) => s.replace(/[0-9A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

const send = async (page: Page) => {
  await page.getByTestId('submit-button').click();
  await page.getByRole('button', { name: '送信する' }).click();
};

for (const size of PHONES) {
  test(`at ${size.width}×${size.height}: members-only form → registration → booking → the member's list → search → キャンセル`, async ({ page }) => {
    // A long journey with four axe runs (as screens.spec.ts allows its own).
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    // A phone of this size's own: two members of one name and phone would find each other.
    const PHONE = `0901111${String(size.width).padStart(4, '0')}`;
    const typedPhone = `${PHONE.slice(0, 3)}-${PHONE.slice(3, 7)}-${PHONE.slice(7)}`;
    // Not yet a member, whatever earlier runs against this server registered.
    await signInAsNewResident(page, '/survey/kaiin-yoyaku', NAME);
    await expect(page).toHaveURL(/\/member\/sakura-kaiin\?survey=kaiin-yoyaku$/);
    await expect(page.getByTestId('survey-title')).toHaveText('さくら市民クリニック 会員登録');
    await expect(page.getByTestId('auto-number-note')).toBeVisible();
    await expectAxeClean(page, 'member registration');

    // Required items are asked for; the automatic number is not.
    await page.getByTestId('submit-button').click();
    await expect(surveyItem(page, 'shimei')).toContainText('必須です');
    await expect(surveyItem(page, 'kaiin_bangou')).not.toContainText('必須です');
    await surveyItem(page, 'shimei').locator('input').fill(NAME);
    await surveyItem(page, 'denwa').locator('input').fill(PHONE);
    await send(page);
    await expect(page.getByTestId('member-done')).toContainText('会員登録が完了しました。');
    // Shown grouped for reading (0001-0000001); the stored number is the 11 digits.
    const shown = ((await page.getByTestId('member-number').locator('strong').textContent()) ?? '').trim();
    expect(shown).toMatch(/^0001-\d{7}$/);
    const number = shown.replace('-', '');
    // A reload keeps the completion: the same number and the way on, not the filled form.
    await page.reload();
    await expect(page.getByTestId('member-done')).toContainText('会員登録が完了しました。');
    await expect(page.getByTestId('member-number').locator('strong')).toHaveText(shown);
    await expect(page.getByTestId('member-to-survey')).toBeVisible();
    await expect(page.getByTestId('submit-button')).toHaveCount(0);
    await expectAxeClean(page, 'member registration done');

    // A member answers the form: no redirect any more. Book the first open 健診 slot.
    await page.getByTestId('member-to-survey').click();
    await expect(page).toHaveURL(/\/survey\/kaiin-yoyaku$/);
    await expect(page.getByTestId('survey-title')).toHaveText('さくら市民クリニック 会員予約');
    await page.goto('/calendar/kaiin-yoyaku');
    await formTaken(page);
    await page.getByLabel('診療科').selectOption({ label: '健診' });
    await page.getByLabel('区分').selectOption({ label: '特定健診' });
    await page.getByLabel('受診種別').selectOption({ label: '基本健診' });
    await page.getByLabel('予約項目').selectOption({ label: '特定健診（基本）' });
    // One still changeable and cancellable: the member list offers 変更 and キャンセル for it.
    const { date } = await pickChangeableSlot(page);
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByTestId('slot-next').click();
    await surveyItem(page, 'shimei').locator('input').fill(NAME);
    await send(page);
    await expect(page.getByTestId('survey-complete')).toBeVisible();
    const [, m, d] = date.split('-').map(Number);
    await expect(page.getByTestId('completion-member-list')).toHaveText('会員の予約一覧を見る');
    await expectFitsPhone(page, 'completion', [page.getByTestId('completion-member-list')]);

    // The completion leads to the member's list of bookings, this form first (issue 54).
    await page.getByTestId('completion-member-list').click();
    await expect(page).toHaveURL(/\/member-confirmList\/sakura-kaiin\?form=kaiin-yoyaku$/);
    await expect(page.getByTestId('member-list-title')).toHaveText('会員の予約一覧');
    await expect(page.getByTestId('member-linked-form')).toHaveValue('kaiin-yoyaku');
    const booked = page.getByTestId('member-linked-answer');
    await expect(booked).toHaveCount(1);
    await expect(booked.getByTestId('reservation-date')).toContainText(`${m}月${d}日`);
    await expect(booked.getByTestId('reservation-time')).toHaveText(/\d{2}:\d{2}/);
    await expect(booked.getByTestId('reservation-category').first()).toContainText('健診');
    await expect(booked.getByTestId('answer-edit')).toBeVisible();
    await expect(booked.getByTestId('answer-cancel')).toBeVisible();
    await expect(page.locator('body')).not.toContainText('連携帳票');
    await expectFitsPhone(page, 'member list', [
      booked.getByTestId('reservation-date'),
      booked.getByTestId('reservation-time'),
      booked.getByTestId('answer-edit'),
      booked.getByTestId('answer-cancel'),
    ]);
    await checkScreen(page, 'member list from the completion', true);

    // The start page and the menu lead there too.
    await page.goto('/');
    const card = page.getByTestId('open-form').filter({ hasText: 'さくら市民クリニック 会員予約' });
    await expect(card.getByTestId('open-form-member-list')).toHaveAttribute('href', '/member-confirmList/sakura-kaiin?form=kaiin-yoyaku');
    await expect(card.getByTestId('open-form-member-list')).toHaveText('会員の予約一覧を見る');
    await expectFitsPhone(page, 'start page', [card.getByTestId('open-form-member-list')]);
    await page.getByTestId('account-menu').click();
    await expect(page.getByTestId('menu-member-list')).toHaveText('会員の予約一覧を見る');
    await expectFitsPhone(page, 'header menu', [page.getByTestId('menu-member-list')]);
    await page.getByTestId('menu-member-list').click();
    await expect(page.getByTestId('member-list-title')).toHaveText('会員の予約一覧');

    // Look up as a member: a missing required condition alerts, a wrong one finds nothing.
    await page.goto('/member-confirm/sakura-kaiin');
    const form = page.getByTestId('member-search-form');
    await expect(form).toBeVisible();
    await expectAxeClean(page, 'member search');
    await form.locator('[data-item-key="kaiin_bangou"]').fill(toFullWidth(number));
    await page.getByTestId('member-search').click();
    await expectAlert(page, '必須項目を入力してください');
    await form.locator('[data-item-key="shimei"]').fill(NAME);
    await form.locator('[data-item-key="denwa"]').fill('０９０－９９９９－９９９９');
    await page.getByTestId('member-search').click();
    await expectAlert(page, '検索対象のデータがありません');
    await form.locator('[data-item-key="denwa"]').fill(toFullWidth(typedPhone));
    await page.getByTestId('member-search').click();

    await expect(page).toHaveURL(/\/member-confirmList\/sakura-kaiin$/);
    const info = page.getByTestId('member-info');
    await expect(info).toContainText('会員情報');
    await expect(info).toContainText(shown);
    await expect(info).toContainText(NAME);
    await expect(page.getByTestId('member-linked-form')).toHaveValue('kaiin-yoyaku');
    const group = page.locator(`[data-testid="member-linked-group"][data-date="${date}"]`);
    await expect(group.getByTestId('member-linked-answer')).toHaveCount(1);
    await expect(group).toContainText(NAME);
    await expect(group).toContainText(`${m}月${d}日`);
    await expectAxeClean(page, 'member-linked list');

    // The other linked form holds nothing of theirs.
    await page.getByTestId('member-linked-form').selectOption('clinic-yoyaku');
    await expect(page.getByTestId('member-linked-empty')).toHaveText('選んだフォームに回答・予約がありませんでした。');

    // 変更 from the member list opens the booking in the form, to be changed.
    await page.getByTestId('member-linked-form').selectOption('kaiin-yoyaku');
    await page.getByTestId('member-linked-answer').getByTestId('answer-edit').click();
    await expect(page).toHaveURL(/\/survey\/kaiin-yoyaku\?partitionKey=kaiin-yoyaku/);
    await expect(page.getByTestId('survey-title')).toHaveText('さくら市民クリニック 会員予約');
    await page.goBack();

    // キャンセル from the member list: the lookup's cancel page, then back to the list.
    await page.getByTestId('member-linked-answer').getByTestId('answer-cancel').click();
    await expect(page.getByTestId('cancel-confirm')).toBeVisible();
    await page.getByTestId('cancel-submit').click();
    await page.getByTestId('cancel-dialog-confirm').click();
    await expect(page.getByTestId('cancel-done')).toBeVisible();
    await page.getByTestId('back-to-list').click();
    await expect(page).toHaveURL(/\/member-confirmList\/sakura-kaiin\?form=kaiin-yoyaku$/);
    const cancelled = page.getByTestId('member-linked-answer');
    await expect(cancelled.getByTestId('answer-status')).toHaveAttribute('data-status', /^(キャンセル|NG)$/);
    await expect(cancelled.getByTestId('answer-cancel')).toHaveCount(0);
  });
}

test('the member list without a session remembers the member search instead', async ({ page }) => {
  await page.goto('/member-confirmList/sakura-kaiin');
  await expect(page).toHaveURL(/\/dev\/oauth2\/v2\.1\/authorize\?/);
  await page.getByRole('link', { name: /佐藤 太郎/ }).click();
  await expect(page).toHaveURL(/\/member-confirm\/sakura-kaiin$/);
  await expect(page.getByTestId('member-search-form')).toBeVisible();
});

/**
 * The member-linked list (spec 02 §2, issue 54) inside the app: reached directly by a member (no
 * search in this tab), titled for what it is, each booking with its date, time and department and
 * the lookup's 変更 / キャンセル; the cancel leads back to it. A resident not registered is told so.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/app';
import { getSession } from '../../src/lib/session';
import { ja } from '../../src/messages/ja';
import { freshResidentEachTest, ok, serveBookingForm } from './booking-fixture';

freshResidentEachTest();

const memberConfig = {
  surveyId: 'kaiin',
  surveyTitle: 'クリニック 会員登録',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 1,
  linkedForms: ['yoyaku-form', 'other-form'],
  surveySchema: [
    { itemKey: 'no', type: 'memberNumber', title: '会員番号', isAutomaticNumbering: true },
    { itemKey: 'shimei', type: 'text', title: '氏名' },
  ],
};

const linkedForm = (surveyId: string, surveyTitle: string) => ({
  surveyId,
  surveyTitle,
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 1,
  isAppending: { value: true },
  hasMember: true,
  memberFormId: 'kaiin',
  calendarSetting: { updateOrCancelSettings: 'updateAndCancel' },
  surveySchema: [
    { itemKey: 'yoyaku', type: 'reservation', title: '予約内容', isRequired: { value: true } },
    { itemKey: 'shimei', type: 'text', title: '氏名' },
  ],
});

const row = (userId: string, surveyId: string, partitionKey: string, itemKey: string, value: string, check = '未対応') => ({
  surveyId,
  userId,
  partitionKey,
  sortKey: itemKey,
  itemKey,
  value,
  title: itemKey,
  type: 'liff',
  check,
  userSearchKey: null,
  isLiffMode: true,
  registrantName: 'LINEユーザー',
  userName: null,
  clinicAttributes: null,
  answerCode: '000007',
  isAppending: true,
  status: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  originalValue: null,
});

const DATE = Temporal.Now.plainDateISO('Asia/Tokyo').add({ days: 20 });

/** The member form, the resident's record (`registered`), the linked forms and one booking. */
const serveMember = (registered: boolean) =>
  serveBookingForm(linkedForm('yoyaku-form', '会員予約'), (path, url) => {
    const userId = getSession()!.profile.userId;
    if (path === '/member-configs/getItem') return ok(memberConfig);
    if (path === '/member-results/getByUserId')
      return ok(registered ? [row(userId, 'kaiin', `kaiin#${userId}`, 'no', '00010000007'), row(userId, 'kaiin', `kaiin#${userId}`, 'shimei', '高橋')] : []);
    if (path === '/survey-configs/getSurveyConfigsList') return ok([linkedForm('yoyaku-form', '会員予約'), linkedForm('other-form', 'ほかの予約')]);
    if (path === '/survey-results/getBySurveyIdUserIdIndex') {
      if (url.searchParams.get('surveyId') !== 'yoyaku-form') return ok([]);
      const pk = `yoyaku-form#${userId}#1`;
      return ok([row(userId, 'yoyaku-form', pk, 'yoyaku', `naika-ippan-shoshin_i1|${DATE.toString()}|1`), row(userId, 'yoyaku-form', pk, 'shimei', '高橋')]);
    }
    return undefined;
  });

const open = (path: string) => {
  window.history.replaceState(null, '', path);
  render(<App />);
};

describe('the member-linked list', () => {
  it('opens for a member without a search, titled 会員の予約一覧, in the resident’s words', async () => {
    serveMember(true);
    open('/member-confirmList/kaiin');
    expect((await screen.findByTestId('member-list-title')).textContent).toBe(ja.member.listTitle);
    // The number grouped for reading; the form picked in a dropdown named for residents.
    expect(screen.getByTestId('member-info').textContent).toContain('0001-0000007');
    const select = (await screen.findByTestId('member-linked-form')) as HTMLSelectElement;
    expect(screen.getByLabelText(ja.member.linkedForm)).toBe(select);
    await screen.findByTestId('member-linked-answer');
    expect(document.body.textContent).not.toContain('連携帳票');
    fireEvent.change(select, { target: { value: 'other-form' } });
    expect((await screen.findByTestId('member-linked-empty')).textContent).toBe('選んだフォームに回答・予約がありませんでした。');
    expect(document.body.textContent).not.toContain('連携帳票');
  });

  it('shows each booking’s department, date and time, with 変更 and キャンセル as the lookup offers them', async () => {
    serveMember(true);
    open('/member-confirmList/kaiin?form=yoyaku-form');
    const card = within(await screen.findByTestId('member-linked-answer'));
    await waitFor(() => expect(card.getByTestId('reservation-time').textContent).toContain('09:00'));
    expect(card.getAllByTestId('reservation-category')[0]!.textContent).toContain('内科');
    expect(card.getByTestId('reservation-date').textContent).toContain(`${DATE.month}月${DATE.day}日`);
    expect(card.getByTestId('answer-edit').textContent).toBe(ja.lookup.editReservation);
    fireEvent.click(await card.findByTestId('answer-cancel'));

    // The lookup's cancel page, and back to the member list.
    expect(await screen.findByTestId('cancel-confirm')).toBeTruthy();
    expect(window.location.pathname).toBe('/cancelConfirm');
    fireEvent.click(screen.getByTestId('cancel-back'));
    await screen.findByTestId('member-list-title');
    expect(window.location.pathname).toBe('/member-confirmList/kaiin');
    expect(new URLSearchParams(window.location.search).get('form')).toBe('yoyaku-form');
  });

  it('tells a resident who is not registered, and leads to the registration', async () => {
    serveMember(false);
    open('/member-confirmList/kaiin');
    expect((await screen.findByTestId('member-not-registered')).textContent).toBe(ja.member.notMember);
    expect(screen.getByTestId('member-register').getAttribute('href')).toBe('/member/kaiin');
    expect(screen.queryByTestId('member-linked-form')).toBeNull();
  });
});

/** core/rules of the answer journey: statuses, permissions, the cancel deadline, the completion guard. */
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { CHECK_STATUSES, type CheckStatus } from '@core/contract/survey';
import {
  ADMIN_STATUS_COLOURS,
  CANCELLED_TIME_LABEL,
  adminStatusColour,
  answerStatusOf,
  canCancelStatus,
  canEditStatus,
  cancelledStatus,
  isEnded,
  reservationTimeDisplay,
  statusRefusal,
  NEW_ANSWER_STATUS,
} from '@core/rules/status';
import {
  DEFAULT_UPDATE_OR_CANCEL,
  answerActions,
  isItemEditable,
  type ActionMode,
  type PermissionConfig,
  type UpdateOrCancelSetting,
} from '@core/rules/permissions';
import {
  DEFAULT_CANCEL_LIMIT_DAYS,
  cancelDeadlineDate,
  cancelDeadlineInstant,
  dayOffWindow,
  isCancelDeadlinePassed,
  isCancelDeadlinePassedAt,
  todayInTokyo,
  tokyoDateOf,
} from '@core/rules/cancel-deadline';
import { hasReservationItem, parseReservationValue, reservationDateOf } from '@core/rules/reservation-value';
import { createCompletionGuard, memoryGuardStorage, submissionFingerprint, type GuardStorage } from '@core/rules/completion-guard';

const day = (s: string) => Temporal.PlainDate.from(s);

describe('statuses', () => {
  it('colours the eight admin statuses in the spec order; NG has none', () => {
    expect(ADMIN_STATUS_COLOURS.map(([s]) => s)).toEqual(CHECK_STATUSES.slice(0, 8));
    expect(ADMIN_STATUS_COLOURS.map(([, c]) => c)).toEqual(['lime', 'blue', 'green', 'orange', 'purple', 'red', 'brown', 'grey']);
    expect(adminStatusColour('キャンセル')).toBe('red');
    expect(adminStatusColour('NG')).toBeNull();
  });

  it('shows a cancelled reservation as キャンセル済 with the time struck through', () => {
    expect(reservationTimeDisplay('キャンセル', '10:00')).toEqual({ time: '10:00', struckThrough: true, label: CANCELLED_TIME_LABEL });
    expect(CANCELLED_TIME_LABEL).toBe('キャンセル済');
    for (const s of CHECK_STATUSES.filter((x) => x !== 'キャンセル')) {
      expect(reservationTimeDisplay(s, '10:00')).toEqual({ time: '10:00', struckThrough: false, label: null });
    }
  });

  it('transitions: new is 未対応; 完了 not editable; キャンセル unchangeable; 取り消し and NG ended', () => {
    expect(NEW_ANSWER_STATUS).toBe('未対応');
    const table = CHECK_STATUSES.map((s) => [s, canEditStatus(s), canCancelStatus(s), isEnded(s)]);
    expect(table).toEqual([
      ['未対応', true, true, false],
      ['対応中', true, true, false],
      ['対応済', true, true, false],
      ['完了', false, true, false],
      ['保留', true, true, false],
      ['キャンセル', false, false, true],
      ['変更あり', true, true, false],
      ['取り消し', false, false, true],
      ['NG', false, false, true],
    ]);
    expect(statusRefusal('完了', 'edit')).toBe('completed');
    expect(statusRefusal('キャンセル', 'cancel')).toBe('cancelled');
    expect(statusRefusal('NG', 'edit')).toBe('ended');
    expect(cancelledStatus(true)).toBe('キャンセル');
    expect(cancelledStatus(false)).toBe('NG');
  });

  it('an answer whose rows disagree takes the most restrictive status', () => {
    expect(answerStatusOf(['未対応', '完了'])).toBe('完了');
    expect(answerStatusOf(['完了', 'NG', '未対応'])).toBe('NG');
    expect(answerStatusOf(['取り消し', 'キャンセル'])).toBe('キャンセル');
    expect(answerStatusOf(['対応中'])).toBe('対応中');
    expect(answerStatusOf([])).toBe('未対応');
  });
});

describe('answerActions', () => {
  const SETTINGS: (UpdateOrCancelSetting | undefined)[] = [undefined, 'updateAndCancel', 'updateOnly', 'cancelOnly', 'inquiryOnly'];
  const cfg = (setting?: UpdateOrCancelSetting, extra: PermissionConfig = {}): PermissionConfig => ({
    ...(setting ? { calendarSetting: { updateOrCancelSettings: setting } } : {}),
    ...extra,
  });
  const live = { check: '未対応' as CheckStatus, userId: 'U1' };

  it('defaults to updateAndCancel', () => {
    expect(DEFAULT_UPDATE_OR_CANCEL).toBe('updateAndCancel');
    expect(answerActions(cfg(), live, 'user')).toEqual(answerActions(cfg('updateAndCancel'), live, 'user'));
  });

  it('the settings table of spec 01 §4 on a live answer', () => {
    const table = SETTINGS.map((s) => {
      const a = answerActions(cfg(s), live, 'user');
      return [s ?? 'unset', a.canEdit, a.canCancel, a.showLinkButton, a.editableFields, a.reasonKey];
    });
    expect(table).toEqual([
      ['unset', true, true, true, 'all', null],
      ['updateAndCancel', true, true, true, 'all', null],
      ['updateOnly', true, false, true, 'all', 'cancelNotAllowed'],
      ['cancelOnly', false, true, true, 'none', 'editNotAllowed'],
      ['inquiryOnly', false, false, false, 'none', 'editNotAllowed'],
    ]);
  });

  it('every setting × every status: allowed only when both the setting and the status allow', () => {
    for (const s of SETTINGS) {
      for (const check of CHECK_STATUSES) {
        const a = answerActions(cfg(s), { check, userId: 'U1' }, 'user');
        const setting = s ?? 'updateAndCancel';
        expect(a.canEdit, `${setting} ${check}`).toBe(canEditStatus(check) && (setting === 'updateAndCancel' || setting === 'updateOnly'));
        expect(a.canCancel, `${setting} ${check}`).toBe(canCancelStatus(check) && (setting === 'updateAndCancel' || setting === 'cancelOnly'));
        // The answer's own state is told first.
        if (!canEditStatus(check)) expect(a.editReasonKey).toBe(statusRefusal(check, 'edit'));
        expect(a.showLinkButton).toBe(canEditStatus(check) && setting !== 'inquiryOnly');
      }
    }
  });

  it('payment: cancel never available, with its reason; edit unaffected', () => {
    const a = answerActions(cfg('updateAndCancel', { usePayment: 1 }), live, 'user');
    expect(a).toMatchObject({ canEdit: true, canCancel: false, cancelReasonKey: 'paymentCancelUnavailable', reasonKey: 'paymentCancelUnavailable' });
    expect(answerActions(cfg('updateAndCancel', { usePayment: 0 }), live, 'user').canCancel).toBe(true);
  });

  it('cancelPost false: no cancel for residents whatever the settings; unset or true as the settings say', () => {
    expect(answerActions(cfg('updateAndCancel', { cancelPost: false }), live, 'user')).toMatchObject({ canEdit: true, canCancel: false, cancelReasonKey: 'cancelNotAllowed' });
    expect(answerActions(cfg('cancelOnly', { cancelPost: false }), live, 'user').canCancel).toBe(false);
    expect(answerActions(cfg('updateAndCancel', { cancelPost: true }), live, 'user').canCancel).toBe(true);
    expect(answerActions(cfg('updateOnly', { cancelPost: true }), live, 'user').canCancel).toBe(false);
    expect(answerActions(cfg('updateAndCancel', { cancelPost: false }), live, 'admin').canCancel).toBe(true);
  });

  it('isEditDisabled: no edit, the form read-only; cancel still allowed', () => {
    const a = answerActions(cfg(undefined, { isEditDisabled: { value: true } }), live, 'user');
    expect(a).toMatchObject({ canEdit: false, canCancel: true, editableFields: 'none', reasonKey: 'editDisabled' });
  });

  it('an office-registered answer (userId starting with I) is closed to residents, not to admin mode', () => {
    const office = { check: '未対応' as CheckStatus, userId: 'I0001' };
    expect(answerActions(cfg(), office, 'user')).toMatchObject({
      canEdit: false,
      canCancel: false,
      showLinkButton: false,
      editableFields: 'none',
      reasonKey: 'adminRegistered',
    });
    expect(answerActions(cfg(), office, 'admin')).toMatchObject({ canEdit: true, canCancel: true });
  });

  it('reservationOnlyInfo: an existing answer has only its reservation fields editable; a new one all', () => {
    const c: PermissionConfig = { calendarSetting: { updateSettingsOnModification: 'reservationOnlyInfo' } };
    expect(answerActions(c, live, 'user')).toMatchObject({ canEdit: true, editableFields: 'reservationOnly' });
    expect(answerActions(c, null, 'user')).toMatchObject({ canEdit: true, canCancel: false, editableFields: 'all' });
    expect(answerActions(c, live, 'admin').editableFields).toBe('all');
    const inputAnd: PermissionConfig = { calendarSetting: { updateSettingsOnModification: 'inputAndReservationInfo' } };
    expect(answerActions(inputAnd, live, 'user').editableFields).toBe('all');
  });

  it('confirm mode is always editable', () => {
    const modes: ActionMode[] = ['confirm'];
    for (const m of modes) {
      expect(answerActions(cfg('inquiryOnly'), live, m).editableFields).toBe('all');
      expect(answerActions(cfg(undefined, { isEditDisabled: { value: true } }), { check: '完了', userId: 'U1' }, m).editableFields).toBe('all');
    }
  });

  it('admin mode ignores the resident settings but not the statuses', () => {
    expect(answerActions(cfg('inquiryOnly', { usePayment: 1 }), live, 'admin')).toMatchObject({ canEdit: true, canCancel: true, showLinkButton: true });
    expect(answerActions(cfg(), { check: 'キャンセル', userId: 'U1' }, 'admin')).toMatchObject({ canEdit: false, canCancel: false });
  });

  it('isItemEditable: none, reservation only, isNotEditable in user mode, disabled, confirm always', () => {
    const text = { type: 'text' };
    const booking = { type: 'reservation' };
    expect(isItemEditable(text, 'all', 'user')).toBe(true);
    expect(isItemEditable(text, 'none', 'user')).toBe(false);
    expect(isItemEditable(text, 'reservationOnly', 'user')).toBe(false);
    expect(isItemEditable(booking, 'reservationOnly', 'user')).toBe(true);
    expect(isItemEditable({ type: 'text', isNotEditable: true }, 'all', 'user')).toBe(false);
    expect(isItemEditable({ type: 'text', isNotEditable: true }, 'all', 'admin')).toBe(true);
    expect(isItemEditable({ type: 'text', disabled: true }, 'all', 'admin')).toBe(false);
    expect(isItemEditable({ type: 'text', isNotEditable: true }, 'none', 'confirm')).toBe(true);
  });
});

describe('cancel deadline (reading (a): reservation date − (limit + days off − 1), passed on or before today)', () => {
  const res = day('2025-04-10');

  it('default limit 1: cancel until the day before; the reservation day itself is too late', () => {
    expect(DEFAULT_CANCEL_LIMIT_DAYS).toBe(1);
    expect(cancelDeadlineDate({ reservationDate: res })).toEqual(day('2025-04-10'));
    expect(isCancelDeadlinePassed({ reservationDate: res, today: day('2025-04-09') })).toBe(false);
    expect(isCancelDeadlinePassed({ reservationDate: res, today: day('2025-04-10') })).toBe(true);
    expect(isCancelDeadlinePassed({ reservationDate: res, today: day('2025-04-11') })).toBe(true);
    // null (no calendar setting) is the default too.
    expect(isCancelDeadlinePassed({ reservationDate: res, cancelLimit: null, today: day('2025-04-09') })).toBe(false);
  });

  it('days off count from today up to the day before the reservation; none once it is today or past', () => {
    expect(dayOffWindow(day('2025-04-01'), res)).toEqual({ from: day('2025-04-01'), to: day('2025-04-09') });
    expect(dayOffWindow(day('2025-04-09'), res)).toEqual({ from: day('2025-04-09'), to: day('2025-04-09') });
    expect(dayOffWindow(day('2025-04-10'), res)).toBeNull();
    expect(dayOffWindow(day('2025-04-11'), res)).toBeNull();
  });

  it('both edges with a limit and days off: deadline = date − (3 + 2 − 1) = 04-06', () => {
    const input = { reservationDate: res, cancelLimit: 3, dayOffCount: 2 };
    expect(cancelDeadlineDate(input)).toEqual(day('2025-04-06'));
    expect(isCancelDeadlinePassed({ ...input, today: day('2025-04-05') })).toBe(false);
    expect(isCancelDeadlinePassed({ ...input, today: day('2025-04-06') })).toBe(true);
    // Reading (b) would already refuse on 04-05; this module does not.
  });

  it('limit 0 is no limit; broken limits fall back to the default', () => {
    expect(cancelDeadlineDate({ reservationDate: res, cancelLimit: 0, dayOffCount: 5 })).toBeNull();
    expect(isCancelDeadlinePassed({ reservationDate: res, cancelLimit: 0, today: day('2030-01-01') })).toBe(false);
    expect(cancelDeadlineDate({ reservationDate: res, cancelLimit: -2 })).toEqual(day('2025-04-10'));
    expect(cancelDeadlineDate({ reservationDate: res, cancelLimit: Number.NaN })).toEqual(day('2025-04-10'));
    expect(cancelDeadlineDate({ reservationDate: res, cancelLimit: 2, dayOffCount: -1 })).toEqual(day('2025-04-09'));
  });

  it('crosses month and year ends', () => {
    expect(cancelDeadlineDate({ reservationDate: day('2025-03-01'), cancelLimit: 2 })).toEqual(day('2025-02-28'));
    expect(cancelDeadlineDate({ reservationDate: day('2025-01-01'), cancelLimit: 1, dayOffCount: 3 })).toEqual(day('2024-12-29'));
  });

  it('midnight in Asia/Tokyo: 23:59:59 JST the day before is on time, 00:00:00 JST is not', () => {
    const input = { reservationDate: res, cancelLimit: 1 };
    expect(cancelDeadlineInstant(input)?.toString()).toBe('2025-04-09T15:00:00Z');
    const before = Temporal.Instant.from('2025-04-09T14:59:59Z');
    const at = Temporal.Instant.from('2025-04-09T15:00:00Z');
    expect(tokyoDateOf(before)).toEqual(day('2025-04-09'));
    expect(tokyoDateOf(at)).toEqual(day('2025-04-10'));
    expect(isCancelDeadlinePassedAt({ ...input, now: before })).toBe(false);
    expect(isCancelDeadlinePassedAt({ ...input, now: at })).toBe(true);
    // The same instants read in UTC would both be 04-09: the rule is Tokyo's day, not the server's.
    expect(at.toZonedDateTimeISO('UTC').toPlainDate()).toEqual(day('2025-04-09'));
  });

  it('todayInTokyo is the Tokyo date of now', () => {
    const t = todayInTokyo();
    expect(t).toEqual(tokyoDateOf(Temporal.Now.instant()));
  });
});

describe('reservation values', () => {
  const form = {
    surveySchema: [
      { itemKey: 'name', type: 'text' },
      { itemKey: 'slot', type: 'reservation' },
    ],
  };

  it('reads the date of "{category}_{item}|{date}|{slot}"', () => {
    expect(parseReservationValue('cat1_item2|2025-04-10|3')).toEqual({
      target: 'cat1_item2',
      categoryId: 'cat1',
      itemId: 'item2',
      date: day('2025-04-10'),
      slot: '3',
    });
    expect(parseReservationValue('naika_ippan_i1|2025-04-10|am')).toMatchObject({ categoryId: 'naika_ippan', itemId: 'i1', slot: 'am' });
    for (const bad of ['', 'cat|2025-04-10', 'cat|2025-04-10|1', 'cat_|2025-04-10|1', '_i|2025-04-10|1', 'c_i|2025-04-10|', 'cat|2025-02-30|1', '|2025-04-10|1', 'a|b|c|d']) expect(parseReservationValue(bad)).toBeNull();
  });

  it('reservationDateOf: the reservation item’s date; null without one', () => {
    expect(hasReservationItem(form)).toBe(true);
    expect(reservationDateOf(form, [{ itemKey: 'name', value: 'x|2025-01-01|1' }, { itemKey: 'slot', value: 'c_i|2025-04-10|0' }])).toEqual(day('2025-04-10'));
    expect(reservationDateOf(form, [{ itemKey: 'slot', value: '' }])).toBeNull();
    const plain = { surveySchema: [{ itemKey: 'name', type: 'text' }] };
    expect(hasReservationItem(plain)).toBe(false);
    expect(reservationDateOf(plain, [{ itemKey: 'name', value: 'c_i|2025-04-10|0' }])).toBeNull();
  });
});

describe('completion guard', () => {
  const rows = [
    { surveyId: 's1', itemKey: 'name', value: '山田' },
    { surveyId: 's1', itemKey: 'phone', value: '0312345678' },
  ];

  it('the key is stable across key order and row order', () => {
    const a = submissionFingerprint('s1', undefined, rows);
    const reordered = [
      { value: '0312345678', itemKey: 'phone', surveyId: 's1' },
      { itemKey: 'name', surveyId: 's1', value: '山田', title: undefined },
    ];
    expect(submissionFingerprint('s1', undefined, reordered)).toBe(a);
    expect(a).toMatch(/^completed-submit:s1:-:[0-9a-f]{28}$/);
    expect(a).not.toContain('山田');
  });

  it('another value, survey or partition is another key', () => {
    const a = submissionFingerprint('s1', undefined, rows);
    expect(submissionFingerprint('s1', undefined, [rows[0]!, { ...rows[1]!, value: '0312345679' }])).not.toBe(a);
    expect(submissionFingerprint('s2', undefined, rows)).not.toBe(a);
    expect(submissionFingerprint('s1', 's1#U1#1', rows)).not.toBe(a);
    expect(submissionFingerprint('s1', undefined, rows.slice(0, 1))).not.toBe(a);
  });

  it('the guard remembers in every store and survives one that throws', () => {
    const broken: GuardStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const session = memoryGuardStorage();
    const guard = createCompletionGuard([memoryGuardStorage(), broken, session]);
    const key = submissionFingerprint('s1', undefined, rows);
    expect(guard.isCompleted(key)).toBe(false);
    guard.markCompleted(key);
    expect(guard.isCompleted(key)).toBe(true);
    // A reload keeps only session storage: still guarded.
    expect(createCompletionGuard([memoryGuardStorage(), session]).isCompleted(key)).toBe(true);
  });
});

/**
 * What a resident may do with an existing answer (spec 01 §4, §6; spec 02 §4): edit it, cancel
 * it, follow its link button, and which of its fields the form lets them change. The PWA uses it
 * to show buttons and disable fields; the server applies the very same function before it writes,
 * so a hidden button is also a refused request.
 *
 * Inputs and the spec's rules:
 * - calendarSetting.updateOrCancelSettings: updateAndCancel | updateOnly | cancelOnly | inquiryOnly.
 *   "Cancel button needs updateAndCancel or cancelOnly; edit button hidden for cancelOnly and
 *   inquiryOnly; link button hidden for inquiryOnly."
 * - calendarSetting.updateSettingsOnModification: inputAndReservationInfo | reservationOnlyInfo.
 *   "The form is disabled when forced read-only; or when a partition key is in the URL and the
 *   update setting is reservation-only info; or when the item is not editable in user mode.
 *   Confirm mode is always editable."
 * - isEditDisabled.value: the form's forced read-only switch.
 * - usePayment = 1: "the cancel button is never available" (現在キャンセルを受け付けておりません。).
 * - the answer's status (status.ts) and its userId: an answer registered by the office (userId
 *   starting with I) "cannot be edited or cancelled by users".
 *
 * Readings chosen where the spec is silent:
 * - updateOrCancelSettings unset → updateAndCancel. Most forms are plain surveys with no calendar
 *   settings at all, and the lookup flow exists to let residents change or withdraw their own
 *   answers; the server allowed both before settings were enforced, so existing forms keep working.
 * - updateSettingsOnModification unset → inputAndReservationInfo (no restriction), for the same reason.
 * - cancelPost (spec 01 §3 lists the flag, nothing more): whether a resident may cancel a posted
 *   answer at all. false: never (cancelNotAllowed, whatever updateOrCancelSettings says); unset or
 *   true: as updateOrCancelSettings says, so forms without the flag keep their cancel.
 * - isEditDisabled forbids editing only; cancelling stays governed by updateOrCancelSettings
 *   (the flag is the form's read-only switch, and a read-only form can still be withdrawn).
 * - reservationOnlyInfo restricts *what* may change, not *whether* the edit button shows (the
 *   spec hides that button only for cancelOnly and inquiryOnly): editableFields is
 *   'reservationOnly', and only reservation items stay enabled. On a form without a reservation
 *   item nothing is changeable, so the form shows read-only and a resubmission can only repeat
 *   the answer (the server accepts it when every value is unchanged).
 * - The link button is also hidden when the answer itself can no longer be changed (ended, 完了,
 *   or registered by the office): it leads to the calendar to change the booking, which the
 *   server would refuse.
 * - Admin mode is the office's own view: resident-facing settings (updateOrCancelSettings,
 *   isEditDisabled, payment, the I-prefix rule) do not bind it; status rules do.
 * - Confirm mode (the lookup search form) is always editable; its buttons follow user mode.
 * - A new answer (no stored answer yet): the form is open, there is nothing to cancel.
 * - With payment, "only non-product items can be changed": the product item arrives with the
 *   payment issue, which narrows editableFields then.
 * The cancel deadline is a separate rule (cancel-deadline.ts): it needs the calendar and its days
 * off, so the server applies it on the write and the PWA's lookup list hides the buttons with it
 * (src/calendar/deadline.ts) once the calendar is read.
 */
import type { SurveyConfig, UPDATE_ON_MODIFICATION, UPDATE_OR_CANCEL_SETTINGS } from '../form/survey-config';
import { isReservationItem } from './reservation-value';
import { statusRefusal, type CheckStatus } from './status';

export type UpdateOrCancelSetting = (typeof UPDATE_OR_CANCEL_SETTINGS)[number];
export type UpdateOnModification = (typeof UPDATE_ON_MODIFICATION)[number];

export const DEFAULT_UPDATE_OR_CANCEL: UpdateOrCancelSetting = 'updateAndCancel';
export const DEFAULT_UPDATE_ON_MODIFICATION: UpdateOnModification = 'inputAndReservationInfo';

const EDIT_SETTINGS: ReadonlySet<UpdateOrCancelSetting> = new Set<UpdateOrCancelSetting>(['updateAndCancel', 'updateOnly']);
const CANCEL_SETTINGS: ReadonlySet<UpdateOrCancelSetting> = new Set<UpdateOrCancelSetting>(['updateAndCancel', 'cancelOnly']);

/** 'user': a resident; 'admin': the office's view; 'confirm': the lookup search form. */
export type ActionMode = 'user' | 'admin' | 'confirm';

export type EditableFields = 'all' | 'reservationOnly' | 'none';

/**
 * Why an action is refused, as message keys. The PWA's ja.ts holds their texts; the server turns
 * them into its refusals (403 edit_forbidden, 409 not_editable, …).
 */
export const ANSWER_REASON_KEYS = [
  'adminRegistered',
  'completed',
  'cancelled',
  'ended',
  'editNotAllowed',
  'editDisabled',
  'cancelNotAllowed',
  'paymentCancelUnavailable',
] as const;
export type AnswerReasonKey = (typeof ANSWER_REASON_KEYS)[number];

export interface AnswerActions {
  canEdit: boolean;
  canCancel: boolean;
  showLinkButton: boolean;
  editableFields: EditableFields;
  /** The first refusal: the edit's if editing is refused, else the cancel's; null when both are allowed. */
  reasonKey: AnswerReasonKey | null;
  editReasonKey: AnswerReasonKey | null;
  cancelReasonKey: AnswerReasonKey | null;
}

export type PermissionConfig = Pick<SurveyConfig, 'calendarSetting' | 'isEditDisabled' | 'usePayment' | 'cancelPost'>;

/** The stored answer's state; null for a new answer. */
export interface AnswerState {
  check: CheckStatus;
  userId: string;
}

export const updateOrCancelSettingOf = (config: PermissionConfig): UpdateOrCancelSetting =>
  config.calendarSetting?.updateOrCancelSettings ?? DEFAULT_UPDATE_OR_CANCEL;

export const updateOnModificationOf = (config: PermissionConfig): UpdateOnModification =>
  config.calendarSetting?.updateSettingsOnModification ?? DEFAULT_UPDATE_ON_MODIFICATION;

/** Spec 01 §6, 02 §4: answers and payments the office registered carry a userId beginning with I. */
export const isAdminRegistered = (userId: string): boolean => userId.startsWith('I');

export const usesPayment = (config: Pick<SurveyConfig, 'usePayment'>): boolean => config.usePayment === 1;

const NEW_ANSWER: AnswerActions = {
  canEdit: true,
  canCancel: false,
  showLinkButton: true,
  editableFields: 'all',
  reasonKey: null,
  editReasonKey: null,
  cancelReasonKey: null,
};

export const answerActions = (config: PermissionConfig, answer: AnswerState | null, mode: ActionMode): AnswerActions => {
  if (answer === null) return NEW_ANSWER;
  const resident = mode !== 'admin';
  const setting = updateOrCancelSettingOf(config);

  // The answer itself: who registered it, and how far it has gone.
  const owner: AnswerReasonKey | null = resident && isAdminRegistered(answer.userId) ? 'adminRegistered' : null;
  const editByAnswer = owner ?? statusRefusal(answer.check, 'edit');
  const cancelByAnswer = owner ?? statusRefusal(answer.check, 'cancel');

  // Then the form's settings, which bind residents only.
  let editReasonKey: AnswerReasonKey | null = editByAnswer;
  if (editReasonKey === null && resident) {
    if (!EDIT_SETTINGS.has(setting)) editReasonKey = 'editNotAllowed';
    else if (config.isEditDisabled?.value === true) editReasonKey = 'editDisabled';
  }
  let cancelReasonKey: AnswerReasonKey | null = cancelByAnswer;
  if (cancelReasonKey === null && resident) {
    if (!CANCEL_SETTINGS.has(setting) || config.cancelPost === false) cancelReasonKey = 'cancelNotAllowed';
    else if (usesPayment(config)) cancelReasonKey = 'paymentCancelUnavailable';
  }

  const canEdit = editReasonKey === null;
  const editableFields: EditableFields =
    mode === 'confirm' ? 'all' : !canEdit ? 'none' : resident && updateOnModificationOf(config) === 'reservationOnlyInfo' ? 'reservationOnly' : 'all';
  return {
    canEdit,
    canCancel: cancelReasonKey === null,
    showLinkButton: editByAnswer === null && (!resident || setting !== 'inquiryOnly'),
    editableFields,
    reasonKey: editReasonKey ?? cancelReasonKey,
    editReasonKey,
    cancelReasonKey,
  };
};

export interface EditableItem {
  type: string;
  disabled?: boolean | undefined;
  isNotEditable?: boolean | undefined;
}

/**
 * Whether one item's input is enabled: confirm mode always; otherwise not when the answer's
 * fields are 'none', only reservation items when 'reservationOnly', and never an item marked
 * disabled, nor (in user mode) one marked isNotEditable.
 */
export const isItemEditable = (item: EditableItem, fields: EditableFields, mode: ActionMode): boolean => {
  if (mode === 'confirm') return true;
  if (fields === 'none') return false;
  if (fields === 'reservationOnly' && !isReservationItem(item)) return false;
  if (item.disabled === true) return false;
  return !(mode === 'user' && item.isNotEditable === true);
};

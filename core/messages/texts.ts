/**
 * Every Japanese text of the LINE messages: each kind's default title and body (bodies may use
 * the placeholders of ./placeholders.ts, as a form's own templates do), the row labels, the
 * buttons, and the texts of a refused setting. One place, so a wording is changed once.
 */
import type { MessageKind } from './kinds';

export const DEFAULT_TEMPLATES: Record<MessageKind, { title: string; body: string }> = {
  answer_received: { title: '受付が完了しました', body: '{フォーム名}のご回答を受け付けました。' },
  reservation_booked: { title: '予約が完了しました', body: '以下の内容でご予約を承りました。' },
  reservation_changed: { title: '予約が変更されました', body: 'ご予約の内容を以下のとおり変更しました。' },
  reservation_cancelled: { title: '予約がキャンセルされました', body: '以下のご予約をキャンセルしました。' },
  reminder: { title: '予約日が近づいています', body: 'ご予約の日が近づいています。内容をご確認ください。' },
  stay_booked: { title: '入院予約が完了しました', body: '以下の内容で入院のご予約を承りました。' },
  stay_reminder: { title: '明日は入院日です', body: '明日はご入院の日です。お気をつけてお越しください。' },
  payment_completed: { title: 'お支払いが完了しました', body: 'お支払いを確認しました。領収書は下のボタンから表示できます。' },
  status_changed: { title: 'お知らせ', body: '{お知らせ}' },
};

/** The kinds as the console names them. */
export const KIND_LABELS: Record<MessageKind, string> = {
  answer_received: '回答の受付',
  reservation_booked: '予約の完了',
  reservation_changed: '予約の変更',
  reservation_cancelled: '予約のキャンセル',
  reminder: '予約日のリマインダー',
  stay_booked: '入院予約の完了',
  stay_reminder: '入院日の前日のお知らせ',
  payment_completed: 'お支払いの完了',
  status_changed: '対応状況のお知らせ',
};

export const ROW_LABELS = {
  form: 'フォーム',
  answerCode: '受付番号',
  dateTime: '日時',
  categories: '予約項目',
  place: '場所',
  admission: '入院日',
  discharge: '退院日',
  ward: '病棟',
  status: '対応状況',
} as const;

export const BUTTON_LABELS = { answer: '回答を確認', receipt: '領収書を表示' } as const;

/** Joins the category labels of one reservation (大分類 中分類 小分類 and the item). */
export const CATEGORY_SEPARATOR = ' / ';

export const SETTING_TEXTS = {
  unknownPlaceholder: (names: readonly string[], known: readonly string[]) =>
    `使えない差し込み項目があります: ${names.map((n) => `{${n}}`).join(' ')}（使えるのは ${known.map((n) => `{${n}}`).join(' ')} です）`,
  badTime: '時刻は 09:00 のように 00:00〜23:59 で入力してください',
  daysBefore: '何日前かは 0〜30 の整数で入力してください',
  tooManyReminders: 'リマインダーは 5 件までです',
  sameReminder: '同じ日時のリマインダーが重複しています',
  announceText: 'お知らせの文面は 1〜500 文字で入力してください',
  sameStatus: '同じ対応状況のお知らせが重複しています',
  titleLength: 'タイトルは 100 文字以内で入力してください',
  bodyLength: '本文は 1000 文字以内で入力してください',
} as const;

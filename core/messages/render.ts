/** One LINE message from a kind, its facts and the form's templates. */
import type { LineMessage } from './line-message';
import type { MessageFacts, MessageKind } from './kinds';
import type { FormMessageSettings } from './settings';

const TITLES: Record<MessageKind, string> = {
  answer_received: '受付が完了しました',
  reservation_booked: '予約が完了しました',
  reservation_changed: '予約が変更されました',
  reservation_cancelled: '予約がキャンセルされました',
  reminder: '予約日が近づいています',
  stay_booked: '入院予約が完了しました',
  stay_reminder: '入院日が近づいています',
  payment_completed: 'お支払いが完了しました',
  status_changed: 'お知らせ',
};

export const renderMessage = (kind: MessageKind, facts: MessageFacts, settings: FormMessageSettings): LineMessage => {
  const t = settings.templates[kind];
  const lines = [t?.title ?? TITLES[kind], facts.formTitle];
  if (facts.answerCode) lines.push(`受付番号: ${facts.answerCode}`);
  if (facts.reservation) lines.push(`日時: ${facts.reservation.day} ${facts.reservation.time ?? ''}`.trim());
  if (facts.status) lines.push(facts.status.text);
  if (t?.body) lines.push(t.body);
  return { type: 'text', text: lines.join('\n') };
};

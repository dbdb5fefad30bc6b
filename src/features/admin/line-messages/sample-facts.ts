/** The facts a template's preview is rendered with: what that kind of message carries, a week from today, the draft's own title. */
import { todayInTokyo } from '@core/ja/date-input';
import type { MessageFacts, MessageKind } from '@core/messages/kinds';
import { jaConsole } from '../../../messages/ja-console';

const t = jaConsole.lineMessages;

export const sampleFacts = (kind: MessageKind, formTitle: string, origin: string): MessageFacts => {
  const day = todayInTokyo().add({ days: 7 });
  const booking = kind.startsWith('reservation_') || kind === 'reminder';
  const stay = kind.startsWith('stay_');
  return {
    formTitle,
    answerCode: t.sampleCode,
    reservation: booking ? { day: day.toString(), time: '10:00', categories: [...t.sampleCategories], place: t.samplePlace } : null,
    stay: stay ? { from: day.toString(), to: day.add({ days: 2 }).toString(), ward: t.sampleWard, bed: '3' } : null,
    receiptUrl: kind === 'payment_completed' ? `${origin}/receipt` : null,
    status: kind === 'status_changed' ? { to: '対応済', text: t.sampleStatusText } : null,
    answerUrl: `${origin}/survey`,
  };
};

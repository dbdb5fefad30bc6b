/**
 * The LINE messages the product sends a resident, and the facts each is written from. The
 * texts and templates are in core/messages/ (one renderer); the server decides when to send.
 */
export const MESSAGE_KINDS = [
  'answer_received',
  'reservation_booked',
  'reservation_changed',
  'reservation_cancelled',
  'reminder',
  'stay_booked',
  'stay_reminder',
  'payment_completed',
  'status_changed',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export interface MessageFacts {
  formTitle: string;
  /** 受付番号, when the form shows it to the resident. */
  answerCode: string | null;
  reservation: { day: string; time: string | null; categories: string[]; place: string | null } | null;
  /** A bed stay: its admission and discharge days (YYYY-MM-DD, the stay's startDate and endDate), ward and bed names. */
  stay: { from: string; to: string; ward: string | null; bed: string | null } | null;
  receiptUrl: string | null;
  /** status_changed: the status and the text the form announces it with. */
  status: { to: string; text: string } | null;
  /** Where the resident opens the answer (the form's page), for a button. */
  answerUrl: string | null;
}

/** A reminder: this many days before the booked day, at HH:MM in Tokyo. */
export interface ReminderRule {
  daysBefore: number;
  at: string;
}

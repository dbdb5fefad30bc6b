/** What a write of an answer is given, and what it answers (write-submission.ts). */
import type { Transaction } from 'kysely';
import type { ResultRow } from '@core/contract/survey';
import type { AuthUser } from '../../auth/verify';
import type { StampedConfig } from '../../store/configs';
import type { Database } from '../../store/schema';
import type { Checked } from '../check';
import type { AnswerExtras, OrderPath } from '../extras';
import type { NamedKeys } from '../partition-key';
import type { Wanted } from './wanted';
import type { OfficeEntry } from './rows';

export interface Submission extends Omit<Checked, 'config'> {
  /** The config the rows were checked against, read before the transaction (maybe cached). */
  checked: StampedConfig;
  user: AuthUser;
  keys: NamedKeys;
  /** The survey's config read again in the transaction, and the body checked against it. */
  recheck: (trx: Transaction<Database>) => Promise<Checked>;
  /** The reservation values read before the transaction (read-before.ts), for `checked`'s config. */
  wanted?: readonly Wanted[] | undefined;
  /** Which write this is: an order only the provider settles is refused to putItem. Default putItem. */
  orderPath?: OrderPath;
  /** The rows' status column: a temporary save's answer is 'temporary' until it is paid. */
  rowStatus?: string | null;
  /** The office's registration in admin mode (its registrant); absent: a resident's answer. */
  office?: OfficeEntry | null;
}

export interface Written {
  partitionKey: string;
  answerCode: string | null;
  /** Spec 01 §7 putItem's `type`: a new answer, or a stored one changed. */
  type: 'new' | 'amend';
  stored: ResultRow[];
  extras: AnswerExtras;
  /** Blobs of files the replaced answer named and this one does not: to remove once it commits. */
  released: string[];
  /** The answer this one replaces (an amendment's predecessor, or itself written again); null: none. */
  replaced: string | null;
  /** The replaced answer held a booking. */
  hadBooking: boolean;
}

/**
 * Which answer a putItem writes, decided from the partition keys it names (spec 01 §3, §7). Pure:
 * the caller reads which keys name one of the resident's stored answers (inside the write's
 * transaction, after its claims) and this module decides; it does no I/O.
 *
 * Spec 01 §3 gives every result row a partition key, `surveyId#userId` (single answer) or
 * `surveyId#userId#timestamp` (appending), and §7 gives putItem a revoke payload (surveyId, items,
 * checkStatus) for amending. Readings chosen here:
 * - An amend is signalled by the revoke payload (items[].partitionKey names the amended answer) or
 *   by rows whose key names an answer the resident holds (what the PWA sends when editing). A key
 *   naming one of the resident's answers is that answer whatever its shape: answers linked with
 *   putUserId keep the key the office gave them.
 * - Rows whose key names no stored answer start a NEW answer under that key: on a single-answer
 *   form the resident's one answer (`surveyId#userId`, nothing else), on an appending form a new
 *   answer with that key (`surveyId#userId#timestamp`). With a revoke payload as well, such a key
 *   on an appending form is the amended answer's successor (the spec's client makes the new key
 *   itself); without one the server makes it, as before.
 * - A key whose userId part is not the signed-in resident's is refused like a missing answer (404:
 *   a guessed key tells nothing); one that does not have the spec's shape (another survey's id, a
 *   wrong number of parts, a timestamp that is not a whole number of milliseconds) is a 400.
 * - The timestamp is written in digits with no leading zero and at most 15 of them (an instant
 *   before the year 33658, in milliseconds): one number has one key, and the resident's counter
 *   (store/results.ts RESIDENT_COUNTER) stays in exact integers when it is moved past it.
 * - checkStatus, when sent, must be 取り消し: the status the spec gives the amended record (§4). The
 *   server sets it; a resident cannot choose another status for their answer.
 * - A key used before and deleted since (its revision counter moved, no rows left) is not reused
 *   for a new answer: an edit queued offline for an answer deleted meanwhile answers 404, as it did
 *   before keys could name new answers.
 */
import type { Issue } from '@core/contract/envelope';
import type { CheckStatus } from '@core/contract/survey';
import { AMENDED_STATUS } from '@core/rules/status';
import { refusalText } from '@core/refusals';

export type ParsedKey =
  | { shape: 'single'; userId: string }
  | { shape: 'appending'; userId: string; timestamp: number }
  | { shape: 'malformed'; reason: string };

const TIMESTAMP = /^[1-9][0-9]{0,14}$/;

/** The key's parts, checked against the survey; the userId part is not compared here. */
export const parsePartitionKey = (key: string, surveyId: string): ParsedKey => {
  const parts = key.split('#');
  const malformed = (reason: string): ParsedKey => ({ shape: 'malformed', reason });
  if (parts[0] !== surveyId) return malformed(`surveyId の部分が ${surveyId} ではありません`);
  const userId = parts[1] ?? '';
  if (parts.length < 2 || parts.length > 3) return malformed('surveyId#userId または surveyId#userId#timestamp の形ではありません');
  if (userId === '') return malformed('userId の部分が空です');
  if (parts.length === 2) return { shape: 'single', userId };
  const stamp = parts[2] as string;
  if (!TIMESTAMP.test(stamp)) return malformed('timestamp の部分が数値（ミリ秒）ではありません');
  return { shape: 'appending', userId, timestamp: Number(stamp) };
};

/** The keys a putItem names: its rows' one key and its revoke payload's one key. */
export interface NamedKeys {
  rowsKey: string | null;
  revokeKey: string | null;
}

/**
 * Reads the keys out of a putItem body. Every row naming a key, subData's too, names the same one
 * (rows without a key belong with the others), and so does every revoke item; else 400.
 */
export const namedKeysOf = (body: {
  data: readonly { partitionKey?: string | undefined }[];
  subData?: readonly { partitionKey?: string | undefined }[] | undefined;
  items?: readonly { partitionKey: string }[] | undefined;
  checkStatus?: CheckStatus | undefined;
}): { keys: NamedKeys } | { issues: Issue[] } => {
  const issues: Issue[] = [];
  const one = (keys: readonly (string | undefined)[], path: (n: number) => string): string | null => {
    let first: string | null = null;
    keys.forEach((k, n) => {
      if (k === undefined || k === '') return;
      if (first === null) first = k;
      else if (k !== first) issues.push({ path: path(n), message: '一度に編集できる回答は一つです' });
    });
    return first;
  };
  const rowKeys = [...body.data, ...(body.subData ?? [])].map((r) => r.partitionKey);
  const rowPath = (n: number) => (n < body.data.length ? `data.${n}.partitionKey` : `subData.${n - body.data.length}.partitionKey`);
  const rowsKey = one(rowKeys, rowPath);
  const revokeKey = one((body.items ?? []).map((i) => i.partitionKey), (n) => `items.${n}.partitionKey`);
  if (body.checkStatus !== undefined && body.checkStatus !== AMENDED_STATUS) {
    issues.push({ path: 'checkStatus', message: `取り消す回答の checkStatus は ${AMENDED_STATUS} です` });
  }
  return issues.length > 0 ? { issues } : { keys: { rowsKey, revokeKey } };
};

/** What the submission writes. */
export type KeyPlan =
  /** No key named: single, the resident's one answer; appending, a new answer with a key the server makes. */
  | { kind: 'server' }
  /** A new answer under the client's key. */
  | { kind: 'new'; key: string }
  /** The stored answer `target` changes; appending: its successor's key (null: the server makes one). */
  | { kind: 'amend'; target: string; successor: string | null };

export type KeyRefusal = { status: 400 | 404; issue: Issue };

/** What the write read about one named key, in its transaction. */
export interface KeyState {
  /** The resident has rows under this key in this survey. */
  held: boolean;
  /** Appending: the key was written before and its rows deleted since (see the header). */
  deleted: boolean;
}

export interface PlanInput extends NamedKeys {
  surveyId: string;
  userId: string;
  appending: boolean;
  stateOf: (key: string) => KeyState;
}

const bad = (path: string, message: string): KeyRefusal => ({ status: 400, issue: { path, message } });
const missing = (path: string): KeyRefusal => ({ status: 404, issue: { path, message: refusalText('result_not_found') } });

/** A key that names no held answer must be well formed and the resident's own. */
const checkUnheld = (key: string, path: string, input: PlanInput): ParsedKey | KeyRefusal => {
  const parsed = parsePartitionKey(key, input.surveyId);
  if (parsed.shape === 'malformed') return bad(path, parsed.reason);
  if (parsed.userId !== input.userId) return missing(path);
  return parsed;
};

const isRefusal = (x: ParsedKey | KeyRefusal): x is KeyRefusal => 'status' in x;

/** A new answer's key: the form's shape, and never a deleted answer's. */
const newKeyRefusal = (parsed: ParsedKey, key: string, path: string, input: PlanInput): KeyRefusal | null => {
  if (input.appending && parsed.shape !== 'appending') return bad(path, '追記型のフォームの新しい回答のキーは surveyId#userId#timestamp です');
  if (!input.appending && parsed.shape !== 'single') return bad(path, 'このフォームの回答のキーは surveyId#userId です');
  // A single answer deleted may be given again: the form takes one answer at a time, not one ever.
  if (input.appending && input.stateOf(key).deleted) return missing(path);
  return null;
};

export const planForKeys = (input: PlanInput): KeyPlan | KeyRefusal => {
  const { rowsKey, revokeKey } = input;
  const rowsPath = 'data.0.partitionKey';
  if (revokeKey !== null) {
    const revokePath = 'items.0.partitionKey';
    if (!input.stateOf(revokeKey).held) {
      const parsed = checkUnheld(revokeKey, revokePath, input);
      return isRefusal(parsed) ? parsed : missing(revokePath);
    }
    if (rowsKey === null || rowsKey === revokeKey) return { kind: 'amend', target: revokeKey, successor: null };
    if (input.stateOf(rowsKey).held) return bad(rowsPath, '一度に編集できる回答は一つです');
    const parsed = checkUnheld(rowsKey, rowsPath, input);
    if (isRefusal(parsed)) return parsed;
    if (!input.appending) return bad(rowsPath, '一回だけのフォームでは取り消す回答と同じキーで送ってください');
    return newKeyRefusal(parsed, rowsKey, rowsPath, input) ?? { kind: 'amend', target: revokeKey, successor: rowsKey };
  }
  if (rowsKey === null) return { kind: 'server' };
  if (input.stateOf(rowsKey).held) return { kind: 'amend', target: rowsKey, successor: null };
  const parsed = checkUnheld(rowsKey, rowsPath, input);
  if (isRefusal(parsed)) return parsed;
  return newKeyRefusal(parsed, rowsKey, rowsPath, input) ?? { kind: 'new', key: rowsKey };
};

/** The timestamp a client's key for a new appending answer carries (the resident's counter moves past it). */
export const clientTimestampOf = (keys: NamedKeys, surveyId: string): number | null => {
  if (keys.rowsKey === null) return null;
  const parsed = parsePartitionKey(keys.rowsKey, surveyId);
  return parsed.shape === 'appending' ? parsed.timestamp : null;
};

/** A single-answer form's one partition: the key the body names, else the resident's own. */
export const singleAnswerKeyOf = (keys: NamedKeys, surveyId: string, userId: string): string => keys.revokeKey ?? keys.rowsKey ?? `${surveyId}#${userId}`;

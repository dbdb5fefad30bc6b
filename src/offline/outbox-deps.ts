/**
 * What the outbox is given: the sender, the session it sends as, the origin-wide lock, and the
 * errors its writes refuse with. The real ones are here; tests pass their own (createOutbox's deps).
 */
import type { EndpointDef, EndpointName, endpoints } from '@core/contract';
import { createApiClient, type ApiClientDeps, type CallOptions, type CallRequest } from '../lib/api';
import { ApiClientError } from '../lib/api-error';
import { kioskVisitScope } from '../lib/kiosk';
import { getSession, getStoredUserId } from '../lib/session';
import { ja } from '../messages/ja';
import type { OutboxMeta } from './db';
import type { OutboxEntry } from './outbox-snapshot';
import { OutboxEntryInvalidError } from './send-failure';

type Endpoints = typeof endpoints;

/** Writes the outbox may carry: those whose contract entry accepts an Idempotency-Key. */
export type OutboxEndpointName = {
  [K in EndpointName]: Endpoints[K] extends { idempotent: true } ? K : never;
}[EndpointName];

export interface EnqueueInput<N extends OutboxEndpointName = OutboxEndpointName> {
  endpoint: N;
  request: CallRequest<Endpoints[N]>;
  meta: OutboxMeta;
  /** What the completion guard compares; by default core's submissionFingerprint of the rows sent. */
  fingerprint?: string;
}

export interface OutboxToken {
  userId: string;
  idToken: string;
}

export interface OutboxAuth {
  /** Whose queue this page shows and sends: the stored session's user, even when expired. */
  currentUserId(): string | null;
  /** A token valid now, read at send time (never at enqueue); null when missing or expired. */
  freshToken(): OutboxToken | null | Promise<OutboxToken | null>;
  /**
   * Narrows the completed-submit guard below the owner: a kiosk's visitors share one owner, and
   * two of them may well give the same answers (kiosk.ts's visit id). Null: the owner alone.
   */
  guardScope?(): string | null;
}

export type OutboxSender = (entry: OutboxEntry, auth: { idToken: string; idempotencyKey: string }) => Promise<unknown>;

/** (name, fn): runs fn while holding an origin-wide lock. */
export type LockRunner = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

export class AlreadySentError extends Error {
  readonly code = 'already_sent';
  /** The queued entry with the same answer, when that is what refused it. */
  readonly entryId: string | undefined;
  constructor(entryId?: string) {
    super(ja.offline.alreadySent);
    this.name = 'AlreadySentError';
    this.entryId = entryId;
  }
}

export class OutboxNotSignedInError extends Error {
  readonly code = 'not_signed_in';
  constructor() {
    super('No resident is signed in: an outbox entry needs its owner.');
    this.name = 'OutboxNotSignedInError';
  }
}

const isErrorEnvelope = (v: unknown): v is { result: 'ERROR'; code?: string; errorMessage?: string } =>
  v !== null && typeof v === 'object' && (v as { result?: unknown }).result === 'ERROR';

/** The real sender: the API client (retry rule included) with the entry's id as Idempotency-Key. */
export const createApiSender =
  (deps: Omit<ApiClientDeps, 'getSession'> = {}): OutboxSender =>
  async (entry, { idToken, idempotencyKey }) => {
    // The whole contract is loaded on the first send only: it is large, and the first screen
    // (which starts the outbox) must not wait for it. The chunk is precached, so it loads offline.
    const { endpoints: registry } = await import('@core/contract');
    const endpoint = (registry as Record<string, EndpointDef>)[entry.endpoint];
    if (!endpoint?.idempotent) throw new OutboxEntryInvalidError(`unknown or non-idempotent endpoint: ${entry.endpoint}`);
    // The token is the one read at send time, not the session of whoever is signed in by then.
    const client = createApiClient({
      ...deps,
      getSession: () => ({ idToken, accessToken: '', profile: { userId: entry.userId, displayName: '' } }),
    });
    const callAny = client.call as (e: EndpointDef, r: unknown, o: CallOptions) => Promise<unknown>;
    const answer = await callAny(endpoint, entry.request, { idempotencyKey });
    if (isErrorEnvelope(answer)) {
      const a = answer as { code?: string; errorMessage?: string; needRefresh?: boolean; checkDetail?: string | null };
      throw new ApiClientError({
        status: 200,
        code: a.code ?? 'error',
        errorMessage: a.errorMessage ?? '',
        needRefresh: a.needRefresh,
        checkDetail: typeof a.checkDetail === 'string' ? a.checkDetail : undefined,
      });
    }
    return answer;
  };

export const sessionOutboxAuth: OutboxAuth = {
  currentUserId: getStoredUserId,
  guardScope: kioskVisitScope,
  freshToken: () => {
    const s = getSession();
    return s ? { userId: s.profile.userId, idToken: s.idToken } : null;
  },
};

/** navigator.locks when the browser has it (iOS ≥ 15.4, Chromium, Firefox); otherwise none. */
export const webLockRunner = (): LockRunner | null => {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).locks;
  if (!locks || typeof locks.request !== 'function') return null;
  return <T>(name: string, fn: () => Promise<T>) => locks.request(name, () => fn()) as Promise<T>;
};

/**
 * Admin mode on the survey screen (spec 01 §6, issue 56): `?admin=1` asks the staff API whether
 * this browser's staff session may register on the form (GET /staff/forms/:surveyId, the cookie
 * sent by the browser); only a 200 with canRegister enters admin mode. Anything else — no staff
 * session, a guest, another team's form, the network — is user mode, silently. In admin mode the
 * answer goes to the staff registration call, online and once: the form's send button is disabled
 * while it is under way, and the call is not retried (it has no idempotency key).
 */
import { useQuery } from '@tanstack/react-query';
import type { Mode } from '@core/items/define';
import type { SendRequest } from '../../form/survey-form';
import { call, okAnswer, unwrap } from '../../lib/api';
import type { OutboxEntry } from '../../offline/outbox-snapshot';
import type { AnswerTarget } from './send';

const ASKED = '1';

/** The mode to render in; `deciding` while the staff API's answer is awaited. */
export const useAdminMode = (surveyId: string, search: Readonly<Record<string, string>> | undefined): { mode: Mode; deciding: boolean } => {
  // A new answer only: the office registers walk-ins, it does not change a resident's answer here.
  const asked = search?.['admin'] === ASKED && !search['partitionKey'];
  const q = useQuery({
    queryKey: ['staff-form', surveyId] as const,
    queryFn: async ({ signal }) => {
      const { staffForm } = await import('@core/contract/staff');
      return unwrap(await call(staffForm, { params: { surveyId } }, { signal, retry: { maxAttempts: 1, networkRetries: 0 } }));
    },
    enabled: asked,
    // Asked once per visit of the page: the gate (admin-gate.tsx) and the screen read the same
    // answer, and a refused one is not asked again when the screen mounts (which would unmount it).
    retry: false,
    retryOnMount: false,
    refetchOnMount: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (!asked) return { mode: 'user', deciding: false };
  return { mode: q.data?.canRegister === true ? 'admin' : 'user', deciding: q.isPending };
};

/**
 * Sends the answer as the office's registration; answers it as a delivered entry, which is what
 * the completion screen shows (its 受付番号). Refusals throw, so the form shows them per item.
 */
export const sendAsOffice = async (target: AnswerTarget, { rows, configVersion, order }: SendRequest): Promise<OutboxEntry> => {
  const { staffRegisterAnswer } = await import('@core/contract/staff');
  const answer = okAnswer(
    await call(staffRegisterAnswer, { body: { data: rows, configVersion, ...(order ? { order } : {}) } }, { retry: { maxAttempts: 1, networkRetries: 0 } }),
  );
  const now = Date.now();
  return {
    id: `office-${answer.partitionKey}`,
    userId: answer.data[0]?.userId ?? '',
    endpoint: 'staffRegisterAnswer',
    request: { body: { data: rows } },
    meta: { surveyId: target.surveyId, title: target.title },
    fingerprint: '',
    status: 'delivered',
    attempts: 1,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
    answer,
  };
};

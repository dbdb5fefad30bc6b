/**
 * What the survey screen does on submit: checks the chosen reservations against the resident's
 * limits before the confirmation, then sends (a card payment to its provider, anything else
 * through the outbox). None of that code is needed to show the form: it loads once the first
 * screen is usable, as the outbox it writes to does (lib/first-screen.ts), or on first use.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { AnswerRowInput } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import type { ReservationCheckRefusal, SendRequest } from '../../form/survey-form';
import { codeNotLoaded } from '../../lib/api-error';
import { afterFirstScreen } from '../../lib/first-screen';
import { getStoredUserId } from '../../lib/session';
import { paymentOffline } from '../../payment/codes';
import type { DraftSaver } from '../../offline/drafts';
import { pageOutbox } from '../../offline/load';
import type { OutboxEntry } from '../../offline/outbox-snapshot';
import { reservedOf } from './reserved';
import type { AnswerTarget } from './send';

/** send.ts; a failed load (offline before the service worker holds it) reads as the network's failure. */
export const loadSend = () =>
  import('./send').catch((e: unknown) => {
    throw codeNotLoaded(e);
  });
afterFirstScreen(() => void loadSend().catch(() => {}));

interface AnswerSendOptions {
  surveyId: string;
  partitionKey: string | null;
  target: AnswerTarget;
  served: ServedSurveyConfig | undefined;
  saver: DraftSaver | null;
  /** The refused outbox entry this answer fixes, if the form reopened one. */
  rejectedId: string | null;
}

export const useAnswerSend = ({ surveyId, partitionKey, target, served, saver, rejectedId }: AnswerSendOptions) => {
  const queryClient = useQueryClient();
  const pending = useRef(rejectedId);
  useEffect(() => {
    pending.current = rejectedId;
  }, [rejectedId]);
  const send = useCallback(
    async (sent: SendRequest): Promise<OutboxEntry> => {
      // An amend keeps the stored order (spec 02 §4): never the card path, never another order.
      const request: SendRequest = partitionKey === null ? sent : { rows: sent.rows, configVersion: sent.configVersion };
      // The draft is on disk before the entry, so delivery (which clears drafts saved up to the
      // entry's creation) clears it. Both wait for the offline layer if it has not loaded yet.
      await saver?.flush();
      if (request.paymentPath && request.order) {
        // Spec 02 §4: the page posts to the card provider and does not continue. The draft stays
        // (a cancelled or failed payment starts again from it); nothing goes to the outbox.
        const { handOffToPayment } = await import('../../payment/hand-off').catch(() => {
          throw paymentOffline();
        });
        await handOffToPayment({ surveyId, rows: request.rows, order: request.order });
        return new Promise<never>(() => undefined);
      }
      // The queue list shows the reservation by its lines, not its raw value.
      const reservation = served ? reservedOf(served, request.rows)[0] : undefined;
      const [{ sendThroughOutbox }, outbox] = await Promise.all([loadSend(), pageOutbox()]);
      // The refused entry this answer fixes is replaced once; one refused at once takes its place.
      const replaced = pending.current;
      pending.current = null;
      const entry = await sendThroughOutbox(outbox, { ...target, reservation }, request, replaced, (id) => {
        pending.current = id;
      });
      saver?.cancel();
      return entry;
    },
    [saver, target, served, surveyId, partitionKey],
  );
  // Spec 02 §5 (src/calendar/check.ts, loaded only when a form with a reservation submits).
  const checkReservation = useCallback(
    async (rows: readonly AnswerRowInput[], reservationKeys: ReadonlySet<string>): Promise<ReservationCheckRefusal | null> => {
      const { checkReservationRows } = await import('../../calendar/check');
      return checkReservationRows(queryClient, { surveyId, partitionKey, userId: getStoredUserId() }, rows, reservationKeys);
    },
    [queryClient, surveyId, partitionKey],
  );
  return { send, checkReservation };
};

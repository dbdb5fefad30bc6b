/**
 * The answer a reloaded completion page names (?sent=<outbox entry id>): survey, bed stay and
 * member registration completions show it again from this device's outbox. The outbox answers
 * only the signed-in resident's entries, and signing out wipes their delivered ones, so a
 * completion never outlives its owner's session on a shared device.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { getStoredUserId } from '../lib/session';
import { pageOutbox } from './load';
import type { AnswerRowInput } from '@core/contract/survey';
import type { OutboxRow } from './db';
import type { OutboxEntry } from './outbox-snapshot';

/** The rows an outbox entry carries (putItem's body). */
export const sentRowsOf = (entry: Pick<OutboxRow, 'request'>): AnswerRowInput[] => {
  const data = (entry.request.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as AnswerRowInput[]) : [];
};

/** The query parameter naming the outbox entry a completion page shows. */
export const SENT_PARAM = 'sent';

type Search = Record<string, string | undefined>;

/**
 * The entry itself when it is the one shown (`shown`), else the one read from the outbox:
 * `undefined` while it is read, `null` when there is none for this resident (it was pruned, or the
 * page was opened by someone else): then the screen opens afresh.
 */
export const useSentEntry = (sentId: string | null, shown: OutboxEntry | null): OutboxEntry | null | undefined => {
  const [found, setFound] = useState<{ id: string; entry: OutboxEntry | null } | null>(null);
  const wanted = sentId !== null && shown?.id !== sentId;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    pageOutbox()
      .then((outbox) => outbox.get(sentId))
      .then((entry) => (entry?.userId === getStoredUserId() ? entry : null))
      .catch(() => null)
      .then((entry) => live && setFound({ id: sentId, entry: entry ?? null }));
    return () => {
      live = false;
    };
  }, [wanted, sentId]);
  if (!wanted) return shown;
  return found?.id === sentId ? found.entry : undefined;
};

/** The entry when it is a write of one of `endpoints` to this form, still standing (not refused). */
export const sentTo = (entry: OutboxEntry | null | undefined, surveyId: string, endpoints: readonly string[]): OutboxEntry | null =>
  entry && entry.meta.surveyId === surveyId && endpoints.includes(entry.endpoint) && entry.status !== 'rejected' ? entry : null;

export interface SentCompletion {
  /** The write whose completion the page shows; null while there is none. */
  sent: OutboxEntry | null;
  /** The entry the address names is still being read. */
  reading: boolean;
  /** Shows the completion of a write just made, and names it in the address for a reload. */
  show: (entry: OutboxEntry) => void;
}

/**
 * A completion page's state kept across a reload of the tab: the entry the address names, when it
 * is a write of `endpoints` to this form; an address naming none (pruned, another resident's, refused)
 * loses its ?sent= and the page opens afresh.
 */
export const useSentCompletion = (sentId: string | null, surveyId: string, endpoints: readonly string[]): SentCompletion => {
  const navigate = useNavigate();
  const [here, setHere] = useState<OutboxEntry | null>(null);
  const found = useSentEntry(sentId, here);
  const sent = sentTo(found, surveyId, endpoints);
  const stale = sentId !== null && found !== undefined && sent === null;
  useEffect(() => {
    if (!stale) return;
    void navigate({ to: '.', search: (prev: Search) => ({ ...prev, [SENT_PARAM]: undefined }), replace: true });
  }, [stale, navigate]);
  const show = useCallback(
    (entry: OutboxEntry) => {
      setHere(entry);
      void navigate({ to: '.', search: (prev: Search) => ({ ...prev, [SENT_PARAM]: entry.id }), replace: true });
    },
    [navigate],
  );
  return { sent, reading: found === undefined, show };
};

/**
 * A calendar read of the reservation item failed (spec 02 §8 "calendar load failure: the page
 * goes back in history"). Reading chosen: on the /calendar page, when there is a page of ours to
 * go back to, it goes back (once); opened straight from a link, or inside an ordinary form where
 * the resident may have typed answers already, the load error is shown where the calendar would be.
 */
import { useEffect, useRef } from 'react';
import { LoadError } from '../ui/load-error';
import { LoadingText } from '../ui/loading-text';

interface Read {
  isError: boolean;
  data: unknown;
  error: unknown;
}

/** The error of the first read that failed with nothing to show (a failed refetch over cached data is not one). */
export const failedRead = (...reads: readonly Read[]): unknown => reads.find((r) => r.isError && r.data === undefined)?.error ?? null;

export function CalendarLoadFailure({ error, onLoadFailure }: { error: unknown; onLoadFailure?: (() => void) | undefined }) {
  const done = useRef(false);
  useEffect(() => {
    if (!onLoadFailure || done.current) return;
    done.current = true;
    onLoadFailure();
  }, [onLoadFailure]);
  return onLoadFailure ? <LoadingText /> : <div data-testid="calendar-load-error"><LoadError error={error} wayBack={false} /></div>;
}

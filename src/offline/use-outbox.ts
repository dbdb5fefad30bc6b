/** The outbox for React: the badge count, the last error and the list, kept current. */
import { useSyncExternalStore } from 'react';
import type { Outbox, OutboxSnapshot } from './outbox';
import { getOutbox } from './runtime';

export const useOutbox = (outbox: Pick<Outbox, 'subscribe' | 'getSnapshot'> = getOutbox()): OutboxSnapshot =>
  useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);

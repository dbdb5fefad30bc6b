/**
 * Who the page acts for, for React: the signed-in resident, or the enrolled kiosk. Re-renders on a
 * sign-in, a sign-out, or a kiosk enrolled or revoked, in this tab or another.
 */
import { useSyncExternalStore } from 'react';
import { getKiosk, KIOSK_KEY, type KioskState } from './kiosk';
import { getResidentSession, onSessionChange, SESSION_KEY, type Session } from './session';

const subscribe = (listener: () => void): (() => void) => {
  const off = onSessionChange(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === SESSION_KEY || e.key === KIOSK_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    off();
    window.removeEventListener('storage', onStorage);
  };
};

const read = (key: string): string => {
  try {
    return globalThis.localStorage?.getItem(key) ?? '';
  } catch {
    return '';
  }
};

const snapshot = (): string => `${read(SESSION_KEY)}\u0000${read(KIOSK_KEY)}`;

export interface PageIdentity {
  resident: Session | null;
  kiosk: KioskState | null;
}

export const usePageIdentity = (): PageIdentity => {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return { resident: getResidentSession(), kiosk: getKiosk() };
};

/**
 * What an enrolment of a kiosk tablet may ask for, the same at the command line and in the console
 * (docs/kiosk.md): a name, the forms, and an idle time in whole seconds.
 */
export const KIOSK_NAME_MAX = 100;
/** The shortest idle time a kiosk may have: a visitor needs time to read a question. */
export const KIOSK_IDLE_MIN_SECONDS = 15;
export const KIOSK_IDLE_MAX_SECONDS = 3600;
/** More forms than a start screen can list in large type. */
export const KIOSK_FORMS_MAX = 50;

export type KioskListState = 'pending' | 'active' | 'revoked';

/** 登録待ち (never enrolled), 利用中 (holds a credential) or 停止. */
export const kioskListState = (k: { revokedAt: string | null; hasToken: boolean }): KioskListState =>
  k.revokedAt !== null ? 'revoked' : k.hasToken ? 'active' : 'pending';

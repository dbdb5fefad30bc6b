/**
 * Kiosk mode: a clinic's reception tablet enrolled by the operator (`npm run kiosk:enrol`). It
 * answers the forms it is bound to with its own credential and no LINE sign-in, and hands the
 * device from visitor to visitor (src/features/kiosk). While a kiosk credential is stored, it is
 * the page's session (session.ts), so drafts, the outbox and caches are scoped to the kiosk.
 */
import { KIOSK_STORAGE_KEY } from '@core/contract/page';

export interface KioskForm {
  surveyId: string;
  surveyTitle: string;
}

export interface KioskState {
  /** The credential the server issued at enrolment (sent as Bearer). */
  token: string;
  name: string;
  idleSeconds: number;
  forms: KioskForm[];
  /** Set when the server said the kiosk is revoked: the tablet stops until enrolled again. */
  revoked?: boolean | undefined;
}

export const KIOSK_KEY = KIOSK_STORAGE_KEY;
/** The local owner id of the kiosk's drafts and outbox entries (never a LINE user id, which starts with U). */
export const KIOSK_USER_PREFIX = 'kiosk:';

const storage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

const isKioskShape = (v: unknown): v is KioskState => {
  if (v === null || typeof v !== 'object') return false;
  const k = v as Record<string, unknown>;
  return typeof k.token === 'string' && typeof k.name === 'string' && typeof k.idleSeconds === 'number' && Array.isArray(k.forms);
};

/** The enrolled kiosk (revoked or not), or null on an ordinary device. */
export const getKiosk = (): KioskState | null => {
  const raw = storage()?.getItem(KIOSK_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isKioskShape(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

export const isKioskDevice = (): boolean => getKiosk() !== null;

export const kioskUserId = (kiosk: Pick<KioskState, 'name'>): string => `${KIOSK_USER_PREFIX}${kiosk.name}`;

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called when the kiosk is enrolled, refreshed or revoked in this tab. Returns the unsubscribe function. */
export const onKioskChange = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const notify = () => {
  for (const l of [...listeners]) {
    try {
      l();
    } catch {
      // One failing listener must not keep the others from hearing of a revocation.
    }
  }
};

export const saveKiosk = (kiosk: KioskState): void => {
  storage()?.setItem(KIOSK_KEY, JSON.stringify(kiosk));
  notify();
};

/** The server refused the credential (revoked or unknown): keep the name, drop the token's use. */
export const markKioskRevoked = (): void => {
  const k = getKiosk();
  if (!k || k.revoked) return;
  saveKiosk({ ...k, revoked: true });
};

const VISIT_KEY = 'kioskVisit';

const session = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

/**
 * The current visitor's id on a kiosk (kept in sessionStorage, so a reload mid-visit is the same
 * visit; the wipe between visitors clears it), or null on a resident's device.
 */
export const kioskVisitScope = (): string | null => {
  if (!getKiosk()) return null;
  const s = session();
  let visit = s?.getItem(VISIT_KEY) ?? null;
  if (!visit) {
    visit = crypto.randomUUID();
    s?.setItem(VISIT_KEY, visit);
  }
  return visit;
};

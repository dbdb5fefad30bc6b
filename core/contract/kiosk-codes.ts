/**
 * The kiosk contract's codes and texts without its schemas: the API client checks every refusal
 * for a revoked kiosk, and should not build the kiosk calls' schemas on a form's first screen for
 * it. core/contract/kiosk.ts re-exports them beside the calls. The texts are the catalogue's (core/refusals.ts).
 */
import { refusalText } from '../refusals';

/** Every kiosk credential begins with this; an ID token (a JWT) never does. */
export const KIOSK_TOKEN_PREFIX = 'kiosk_';

/** 400: the enrolment code is wrong, used, expired, or its kiosk was stopped. */
export const KIOSK_CODE_INVALID = 'kiosk_code_invalid';
export const KIOSK_CODE_INVALID_TEXT = refusalText(KIOSK_CODE_INVALID);
/** 401: the credential is unknown or its kiosk was stopped (`npm run kiosk:revoke`). */
export const KIOSK_REVOKED = 'kiosk_revoked';
export const KIOSK_REVOKED_TEXT = refusalText(KIOSK_REVOKED);
/** 403: a call a kiosk may not make (a form it is not bound to, reading or changing answers), or /kiosk/me without a kiosk credential. */
export const KIOSK_FORBIDDEN = 'kiosk_forbidden';
export const KIOSK_FORBIDDEN_TEXT = refusalText(KIOSK_FORBIDDEN);

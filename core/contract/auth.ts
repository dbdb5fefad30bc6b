/**
 * Refusals every authenticated call may answer, whatever its endpoint: an expired login and a
 * resident (or kiosk) writing too fast. Codes and texts live here so the server sends and the PWA
 * recognises exactly the same ones; the texts are the catalogue's (core/refusals.ts).
 */
import { refusalText } from '../refusals';

/** spec 01 §8: LINE's own answer for an expired ID token, 403 with this code and description. */
export const ID_TOKEN_EXPIRED_CODE = 'invalid_request';
export const ID_TOKEN_EXPIRED_TEXT = refusalText(ID_TOKEN_EXPIRED_CODE);

/** 429 with Retry-After (seconds): too many writes in a short time, nothing was written. */
export const RATE_LIMITED_CODE = 'rate_limited';
export const RATE_LIMITED_TEXT = refusalText(RATE_LIMITED_CODE);

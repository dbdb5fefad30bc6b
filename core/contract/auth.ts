/**
 * Refusals every authenticated call may answer, whatever its endpoint: an expired login and a
 * resident (or kiosk) writing too fast. Codes and texts live here so the server sends and the PWA
 * recognises exactly the same ones.
 */

/** spec 01 §8: LINE's own answer for an expired ID token, 403 with this code and description. */
export const ID_TOKEN_EXPIRED_CODE = 'invalid_request';
export const ID_TOKEN_EXPIRED_TEXT = 'IdToken expired.';

/** 429 with Retry-After (seconds): too many writes in a short time, nothing was written. */
export const RATE_LIMITED_CODE = 'rate_limited';
export const RATE_LIMITED_TEXT = '短時間に多くの送信があったため、受け付けられませんでした。しばらく待ってから、もう一度お試しください。';

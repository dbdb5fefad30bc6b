/**
 * What any request may carry, whatever its endpoint (the server's route() applies it to path
 * parameters, query and body before the endpoint's schema parses them):
 * - No NUL (U+0000) and no unpaired UTF-16 surrogate in any text, keys included: PostgreSQL text
 *   cannot hold NUL, and a lone surrogate has no UTF-8 form (SQLite would store U+FFFD), so either
 *   would be stored as something other than what was acknowledged. Refused with 400, one issue per
 *   field, whose message is the catalogue key below (the PWA shows it on the item).
 * - JSON nested at most MAX_JSON_DEPTH containers deep. The deepest body the contract takes is
 *   4 (putItem's order → details → a line); the limit bounds every recursive walk after the check
 *   (schemas, the idempotency fingerprint).
 */
import type { MessageKey } from '../items/messages';
import { refusalText } from '../refusals';

export const MAX_JSON_DEPTH = 32;

/** The catalogue key of a refused character (src/messages/ja.ts validation.charAll). */
export const UNUSABLE_CHARACTER_KEY = 'charAll' satisfies MessageKey;
/** Its text (the refusal's, core/refusals.ts); the PWA's catalogue shows the same, pinned equal by a test. */
export const UNUSABLE_CHARACTER_TEXT = refusalText('unusable_character');

/** NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNUSABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasUnusableCharacter = (text: string): boolean => UNUSABLE.test(text);

/**
 * Spec 02 §8: what a bed failure tells the resident. A refusal with a text of its own (the
 * catalogue's, or the server's Japanese: the deadline, a full night) shows it; anything else —
 * a malformed request, an English note, a failure that is no refusal — shows
 * 不明なエラーです。管理者にお問い合わせください。
 */
import { ownRefusalTextOf } from '../../lib/error-text';
import { jaScreens } from '../../messages/ja-screens';
import { BedWriteRefused } from './send';

export const bedErrorText = (error: unknown): string =>
  (error instanceof BedWriteRefused ? ownRefusalTextOf({ code: error.code, message: error.message }) : null) ?? jaScreens.bed.unknownError;

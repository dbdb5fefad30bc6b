/**
 * The file calls' rules without their schemas (spec 02 §5): limits, the secure file name check,
 * the upload key's shape and the refusal texts, shared by the items, the messages and the server.
 * A form's first screen needs these, not every file call's schema; core/contract/files.ts
 * re-exports them beside the schemas that apply them.
 */
import * as z from 'zod/mini';
import { refusalText } from '../refusals';

export const SECURE_FILE_STATUSES = ['Pending', 'InProgress', 'Clean', 'Infected', 'Encrypting', 'Completed', 'Error'] as const;
export type SecureFileStatus = (typeof SECURE_FILE_STATUSES)[number];

export const MAX_SECURE_FILES = 3;
export const MAX_SECURE_FILE_NAME = 30;
export const MAX_SECURE_FILE_BYTES = 50 * 1024 * 1024;
export const SECURE_FILE_CONTENT_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
} as const;
export type SecureFileExtension = keyof typeof SECURE_FILE_CONTENT_TYPES;
export const isSecureFileExtension = (ext: string): ext is SecureFileExtension => Object.hasOwn(SECURE_FILE_CONTENT_TYPES, ext);

/**
 * Windows refuses these as file names, and operators download the files on Windows: matched
 * without regard to case, with the 0 and superscript digits Windows also reserves (COM0, COM¹).
 */
const RESERVED_DEVICE_NAME = /^(CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³])$/i;
/**
 * Control characters (C0, DEL, C1), and the invisible and bidi controls that make a name read
 * otherwise than it is (U+202E shows `gpj.exe` as `exe.jpg`).
 */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;
const FORBIDDEN_NAME_CHARS = /[<>:"/\\|?*]/;

export const SECURE_FILE_NAME_PROBLEMS = [
  'unprintable',
  'nameTooLong',
  'trailingDotOrSpace',
  'extensionCount',
  'forbiddenChars',
  'reservedName',
  'extension',
] as const;
export type SecureFileNameProblem = (typeof SECURE_FILE_NAME_PROBLEMS)[number];

/**
 * Why a secure file name is refused, or null. A reason code, not a text: the form item maps it to
 * its message and the server returns it as the reason, so both refuse alike.
 */
export const secureFileNameProblem = (name: string): SecureFileNameProblem | null => {
  if (UNPRINTABLE.test(name)) return 'unprintable';
  if (name.length > MAX_SECURE_FILE_NAME) return 'nameTooLong';
  if (/[. ]$/.test(name)) return 'trailingDotOrSpace';
  const parts = name.split('.');
  if (parts.length !== 2) return 'extensionCount';
  const [base = '', ext = ''] = parts;
  if (base === '' || FORBIDDEN_NAME_CHARS.test(base)) return 'forbiddenChars';
  // Windows drops trailing spaces and dots: `Con .pdf` opens the console device too.
  if (RESERVED_DEVICE_NAME.test(base.replace(/[. ]+$/, ''))) return 'reservedName';
  if (!isSecureFileExtension(ext.toLowerCase())) return 'extension';
  return null;
};

/** Image item uploads: the spec's JPG、JPEG、PNG、HEIF. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/heif'] as const;
/** Keys are minted by the client as answers/{uuid}, so no one can aim an upload elsewhere. */
export const uploadKeySchema = z
  .string()
  .check(z.maxLength(60), z.regex(/^answers\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'key は answers/{uuid} です'));

/** Texts of the file refusals (spec 02 §5, §8), shared by the server's answers and the items. */
export const FILE_TEXTS = {
  notReady: refusalText('file_not_ready'),
  infected: refusalText('file_infected'),
  secureFileType: refusalText('file_type'),
  imageSize: refusalText('image_too_large'),
  imageType: refusalText('image_type'),
} as const;

/** Not in the spec: an upload over the resident's allowance (the server's FILE_QUOTA_MB in any 24 hours). */
export const FILE_QUOTA_TEXT = refusalText('file_quota');

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Where the server takes and gives file bytes (outside the JSON API: bodies up to 50 MB). */
export const FILE_TRANSFER_PATH = '/survey/api/v1/files';

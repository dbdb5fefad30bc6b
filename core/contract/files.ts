/**
 * File calls of spec 02 §7: image uploads through presigned URLs, secure file uploads (scanned
 * before anyone may download them) and the download of a scanned file.
 * The secure file rules of spec 02 §5 are checked here so the server refuses what the form would.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { envelope, errorAnswerSchema } from './envelope';

const id = z.string().check(z.minLength(1), z.maxLength(200));

export const SECURE_FILE_STATUSES = ['Pending', 'InProgress', 'Clean', 'Infected', 'Encrypting', 'Completed', 'Error'] as const;
export const secureFileStatusSchema = z.enum(SECURE_FILE_STATUSES);
export type SecureFileStatus = z.infer<typeof secureFileStatusSchema>;

/** A secure file item's entry; its stored answer value is "id#name". */
export const secureFileEntrySchema = z.object({
  id: z.string(),
  itemKey: z.string(),
  fileData: z.object({ name: z.string(), status: secureFileStatusSchema }),
});
export type SecureFileEntry = z.infer<typeof secureFileEntrySchema>;

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
type SecureFileExtension = keyof typeof SECURE_FILE_CONTENT_TYPES;
const isSecureFileExtension = (ext: string): ext is SecureFileExtension => Object.hasOwn(SECURE_FILE_CONTENT_TYPES, ext);

/** Windows refuses these as file names, and operators download the files on Windows. */
const RESERVED_DEVICE_NAME = /^(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])$/i;
const FORBIDDEN_NAME_CHARS = /[<>:"/\\|?*]/;

export const SECURE_FILE_NAME_PROBLEMS = [
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
 * its message and the server returns it as the issue's reason, so both refuse alike.
 */
export const secureFileNameProblem = (name: string): SecureFileNameProblem | null => {
  if (name.length > MAX_SECURE_FILE_NAME) return 'nameTooLong';
  if (/[. ]$/.test(name)) return 'trailingDotOrSpace';
  const parts = name.split('.');
  if (parts.length !== 2) return 'extensionCount';
  const [base = '', ext = ''] = parts;
  if (base === '' || FORBIDDEN_NAME_CHARS.test(base)) return 'forbiddenChars';
  if (RESERVED_DEVICE_NAME.test(base)) return 'reservedName';
  if (!isSecureFileExtension(ext.toLowerCase())) return 'extension';
  return null;
};

/** A device-made entry id (a uuid, like an image key), so a file picked offline has its value at once. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const secureFileUploadSchema = z
  .object({
    id: z.optional(z.string().check(z.maxLength(36), z.regex(UUID, 'id は uuid です'))),
    name: z.string().check(z.minLength(1), z.maxLength(MAX_SECURE_FILE_NAME)),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'application/pdf']),
    size: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_SECURE_FILE_BYTES)),
    itemKey: id,
  })
  .check(
    z.superRefine((f, ctx) => {
      const problem = secureFileNameProblem(f.name);
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['name'], message: problem });
        return;
      }
      // The upload URL is signed for this content type, so it must be the one the name claims.
      const ext = (f.name.split('.')[1] ?? '').toLowerCase();
      if (isSecureFileExtension(ext) && SECURE_FILE_CONTENT_TYPES[ext] !== f.contentType)
        ctx.addIssue({ code: 'custom', path: ['contentType'], message: 'contentTypeMismatch' });
    }),
  );
export type SecureFileUpload = z.infer<typeof secureFileUploadSchema>;

/** Image item uploads: the spec's JPG、JPEG、PNG、HEIF. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/heif'] as const;
/** Keys are minted by the client as answers/{uuid}, so no one can aim an upload elsewhere. */
export const uploadKeySchema = z
  .string()
  .check(z.maxLength(60), z.regex(/^answers\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'key は answers/{uuid} です'));

/** Refusals carry code file_not_ready or file_infected so the page shows the spec's text. */
export const surveyResultsDownloadSecureFile = defineEndpoint({
  method: 'POST',
  path: '/survey-results/download-secure-file',
  auth: 'required',
  body: z.object({ surveyId: id, itemKey: id, fileId: id }),
  response: envelope(z.object({ url: z.string() })),
});

/** Then the client PUTs the file to uploadUrl with the same content type; imageUrl is the value. */
export const surveyResourcesPresignedUrl = defineEndpoint({
  method: 'GET',
  path: '/survey-resources/presignedUrl',
  auth: 'required',
  query: z.object({ key: uploadKeySchema, contentType: z.enum(IMAGE_CONTENT_TYPES) }),
  response: z.union([
    z.object({ result: z.literal('OK'), uploadUrl: z.string(), imageUrl: z.string() }),
    errorAnswerSchema,
  ]),
});

/**
 * The spec shows only "result OK, data". Read as the batch counterpart for showing stored images:
 * short-lived read URLs for answer image keys.
 */
export const surveyResourcesPresignedUrls = defineEndpoint({
  method: 'POST',
  path: '/survey-resources/presigned-urls',
  auth: 'required',
  body: z.object({ keys: z.array(uploadKeySchema).check(z.minLength(1), z.maxLength(50)) }),
  // Only the caller's own keys are listed; url only once the image is Completed (scanned, stored).
  response: envelope(z.array(z.object({ key: z.string(), status: secureFileStatusSchema, url: z.optional(z.string()) }))),
});

/**
 * Creates Pending entries and answers one upload URL each, in the order sent; each file is then
 * PUT to its URL with its content type. The spec does not show this path. A file may bring the
 * id its device made (offline): sent again it answers the same entry, never a second one, and an
 * id that is another resident's (or another file's) is refused with 409 key_taken.
 */
export const surveyResourcesSecureFiles = defineEndpoint({
  method: 'POST',
  path: '/survey-resources/secure-files',
  auth: 'required',
  idempotent: true,
  body: z.object({ files: z.array(secureFileUploadSchema).check(z.minLength(1), z.maxLength(MAX_SECURE_FILES)) }),
  response: envelope(z.array(z.object({ id: z.string(), url: z.string() }))),
});

/**
 * Not in the spec: where the caller's secure files stand, for the item's 準備中 / 危険 / 無効ファイル
 * and the download button. A file still waiting for its bytes gets a fresh uploadUrl, so an upload
 * cut off after its URL expired resumes on the same entry instead of making a second one.
 * Ids that are not the caller's are left out.
 */
export const surveyResourcesSecureFileStatus = defineEndpoint({
  method: 'POST',
  path: '/survey-resources/secure-files/status',
  auth: 'required',
  body: z.object({ ids: z.array(id).check(z.minLength(1), z.maxLength(30)) }),
  response: envelope(z.array(z.extend(secureFileEntrySchema, { uploadUrl: z.optional(z.string()) }))),
});

/** Texts of the file refusals (spec 02 §5, §8), shared by the server's answers and the items. */
export const FILE_TEXTS = {
  notReady: 'ファイルの準備中です。数十秒後にもう一度画面を開き直してご確認ください。',
  infected: 'ウイルス等の疑いがあるため、このファイルは利用できません。',
  secureFileType: '50MB以下のjpg, jpeg, png, pdfファイルをアップロードしてください',
  imageSize: '20MB 以下のファイルを選んでください',
  imageType: 'JPG、JPEG、PNG、HEIF の写真ファイルを選んでください',
} as const;

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Where the server takes and gives file bytes (outside the JSON API: bodies up to 50 MB). */
export const FILE_TRANSFER_PATH = '/survey/api/v1/files';

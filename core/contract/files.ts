/**
 * File calls of spec 02 §7: image uploads through presigned URLs, secure file uploads (scanned
 * before anyone may download them) and the download of a scanned file.
 * The secure file rules of spec 02 §5 are checked here so the server refuses what the form would.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { envelope, errorAnswerSchema } from './envelope';
import {
  IMAGE_CONTENT_TYPES,
  isSecureFileExtension,
  MAX_SECURE_FILE_BYTES,
  MAX_SECURE_FILE_NAME,
  MAX_SECURE_FILES,
  SECURE_FILE_CONTENT_TYPES,
  SECURE_FILE_STATUSES,
  secureFileNameProblem,
  uploadKeySchema,
} from './file-rules';

export * from './file-rules';

const id = z.string().check(z.minLength(1), z.maxLength(200));

export const secureFileStatusSchema = z.enum(SECURE_FILE_STATUSES);

/** A secure file item's entry; its stored answer value is "id#name". */
export const secureFileEntrySchema = z.object({
  id: z.string(),
  itemKey: z.string(),
  fileData: z.object({ name: z.string(), status: secureFileStatusSchema }),
});

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


/**
 * Image (画像, spec 01 §2, §5; spec 02 §5): a photo the resident attaches. The value is the
 * upload key `answers/{uuid}` the client mints (spec 02 §7 presignedUrl), so an answer typed
 * offline already holds its value while the photo waits in the outbox. Type (png, jpeg, jpg,
 * heif) and size (20 MB) are checked on the file when it is picked and again by the server on
 * the bytes; the value is checked here for its shape only.
 */
import { uploadKeySchema } from '../contract/file-rules';
import { INVALID_VALUE, defineItem, single, type SamplesOf } from './define';

export const IMAGE_ACCEPT = ['image/png', 'image/jpeg', 'image/heif', 'image/heic'] as const;
export const IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'heif', 'heic'] as const;

/** Why a picked photo is refused before any upload: the spec's two messages, by key. */
export const imageFileProblem = (file: { name: string; type: string; size: number }, maxBytes: number): 'imageType' | 'imageSize' | null => {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (IMAGE_ACCEPT as readonly string[]).includes(file.type) || (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  if (!typeOk) return 'imageType';
  return file.size > maxBytes ? 'imageSize' : null;
};

export const imageItem = defineItem({
  type: 'image',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value) {
    const s = single(value);
    return s !== undefined && uploadKeySchema.safeParse(s).success ? [] : [INVALID_VALUE];
  },
});

export const imageSamples: SamplesOf<typeof imageItem> = {
  configs: [{}],
  valid: ['answers/0b5e2a4c-1d2e-4f3a-8b9c-0d1e2f3a4b5c'],
  invalid: [
    { value: 'https://evil.example/x.png', issue: INVALID_VALUE },
    { value: 'answers/../../etc/passwd', issue: INVALID_VALUE },
    { value: ['answers/0b5e2a4c-1d2e-4f3a-8b9c-0d1e2f3a4b5c'], issue: INVALID_VALUE },
  ],
};

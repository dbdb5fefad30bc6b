/**
 * Secure files (セキュアファイル, spec 02 §3, §5): up to 3 files (insurance card, ID…), each stored
 * as "id#name" (one row per file, like checkboxes). The file's entry and upload are made by the
 * file calls (core/contract/files.ts), which check the name, type and size; the value is checked
 * here for its shape and the same name rules, so a hand-made answer cannot carry what an upload
 * could not.
 */
import { MAX_SECURE_FILES, secureFileNameProblem } from '../contract/file-rules';
import { INVALID_VALUE, defineItem, issue, list, type SamplesOf } from './define';

/** "id#name" → its parts; the id never holds '#' (a uuid), the name may not either (forbidden by no rule, but it would split). */
export const parseSecureFileValue = (v: string): { id: string; name: string } | null => {
  const at = v.indexOf('#');
  if (at <= 0) return null;
  return { id: v.slice(0, at), name: v.slice(at + 1) };
};

export const secureFilesItem = defineItem({
  type: 'secureFiles',
  configShape: () => ({}),
  valueKind: 'multi',
  requiredKey: 'required',
  validate(value) {
    const values = list(value).filter((v) => v.trim() !== '');
    if (values.length > MAX_SECURE_FILES) return [issue('secureFilesCount', { max: MAX_SECURE_FILES })];
    for (const v of values) {
      const parsed = parseSecureFileValue(v);
      if (!parsed || !/^[0-9a-f-]{36}$/i.test(parsed.id)) return [INVALID_VALUE];
      if (secureFileNameProblem(parsed.name)) return [issue('secureFileName')];
    }
    return new Set(values).size === values.length ? [] : [INVALID_VALUE];
  },
});

export const secureFilesSamples: SamplesOf<typeof secureFilesItem> = {
  configs: [{}],
  valid: [['0b5e2a4c-1d2e-4f3a-8b9c-0d1e2f3a4b5c#保険証.jpg', '1b5e2a4c-1d2e-4f3a-8b9c-0d1e2f3a4b5c#診断書.pdf']],
  invalid: [
    { value: ['0b5e2a4c-1d2e-4f3a-8b9c-0d1e2f3a4b5c#report.exe'], issue: { key: 'secureFileName' } },
    { value: ['no-id'], issue: INVALID_VALUE },
    {
      value: ['a', 'b', 'c', 'd'].map((c) => `${c}b5e2a4c-1d2e-4f3a-8b9c-0d1e2f3a4b5c#f.pdf`),
      issue: { key: 'secureFilesCount', params: { max: 3 } },
    },
  ],
};

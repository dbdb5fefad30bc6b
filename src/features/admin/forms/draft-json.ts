/** The form editor's JSON: pretty, keys sorted, so a draft, a saved version and a diff read alike. */
const sorted = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(sorted);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]));
  return v;
};

export const prettyJson = (v: unknown): string => JSON.stringify(sorted(v), null, 2);

export type DraftConfig = Record<string, unknown>;

/** The text as a config object, or why it is not one. */
export const readDraftText = (text: string): { ok: true; draft: DraftConfig } | { ok: false; reason: string } => {
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return { ok: false, reason: '{ } で囲まれたオブジェクトにしてください' };
    return { ok: true, draft: v as DraftConfig };
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
};

/** Whether a problem's path is this field's or inside it (`calendarSetting` holds `calendarSetting.updateOnly`). */
export const pathIn = (path: string, field: string): boolean => path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`);

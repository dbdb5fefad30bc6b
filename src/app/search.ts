/**
 * Search params stay plain strings. The router's default JSON parsing would turn ?state=12345 into
 * a number and ?code=… into whatever JSON it resembles; resident URLs (login callbacks, prefill
 * parameters of spec 01 §2) are plain text and must come back exactly as sent.
 */
export type PlainSearch = Record<string, string>;

export const parsePlainSearch = (searchStr: string): PlainSearch => {
  const out: PlainSearch = {};
  // The first value wins, as URLSearchParams.get does.
  for (const [k, v] of new URLSearchParams(searchStr)) if (!(k in out)) out[k] = v;
  return out;
};

export const stringifyPlainSearch = (search: Record<string, unknown>): string => {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) {
    if (v === undefined || v === null) continue;
    sp.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
};

/** Keeps only string values; for validateSearch. */
export const stringsOnly = (search: Record<string, unknown>): PlainSearch =>
  Object.fromEntries(Object.entries(search).filter((e): e is [string, string] => typeof e[1] === 'string'));

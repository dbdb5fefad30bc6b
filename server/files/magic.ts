/**
 * What a file is by its first bytes, not by its name: a name or a content type is the client's
 * word, the bytes are the file. Only the types spec 02 §5 accepts are recognised.
 */
export type SniffedType = 'image/jpeg' | 'image/png' | 'image/heif' | 'application/pdf';

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** HEIF family brands (ISO/IEC 23008-12): HEIC is HEIF with HEVC images. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'heif', 'avci']);

export const sniffType = (head: Uint8Array): SniffedType | null => {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(head, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    if (HEIF_BRANDS.has(brand)) return 'image/heif';
  }
  return null;
};

/** Whether the bytes are what the declared content type says (HEIC and HEIF are one family). */
export const bytesMatchType = (head: Uint8Array, contentType: string): boolean => {
  const sniffed = sniffType(head);
  if (!sniffed) return false;
  const declared = contentType === 'image/heic' ? 'image/heif' : contentType;
  return sniffed === declared;
};

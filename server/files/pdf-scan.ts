/**
 * What a PDF hides from a plain byte search, made searchable: name escapes (`/J#61vaScript` is
 * /JavaScript, PDF 1.7 §7.3.5) decoded, and Flate-compressed streams (object streams hold whole
 * dictionaries) inflated. Bounded: a stream inflating past STREAM_LIMIT, or all of them past
 * TOTAL_LIMIT, is a decompression bomb and refused rather than searched. Pure.
 */
import zlib from 'node:zlib';

const STREAM_LIMIT = 64 * 1024 * 1024;
const TOTAL_LIMIT = 256 * 1024 * 1024;

export const isPdf = (head: Buffer): boolean => head.subarray(0, 1024).includes(Buffer.from('%PDF-', 'latin1'));

/** The bytes with every `#xx` inside a PDF name decoded, so signatures match the name itself. */
export const decodeNames = (buf: Buffer): Buffer => {
  const text = buf.toString('latin1');
  if (!text.includes('#')) return buf;
  const decoded = text.replace(/\/(?:[^\s/[\]()<>{}%#]|#[0-9a-fA-F]{2})+/g, (name) =>
    name.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
  return Buffer.from(decoded, 'latin1');
};

export class DecompressionBomb extends Error {}

/**
 * Each stream body that inflates (Flate, zlib-wrapped or raw), inflated; streams of other filters
 * (images) are passed over. Throws DecompressionBomb past the limits.
 */
export function* inflatedStreams(pdf: Buffer): Generator<Buffer> {
  const start = Buffer.from('stream', 'latin1');
  const end = Buffer.from('endstream', 'latin1');
  let total = 0;
  for (let at = pdf.indexOf(start); at >= 0; at = pdf.indexOf(start, at + 1)) {
    // `endstream` contains `stream`: skip it as a start.
    if (at >= 3 && pdf.subarray(at - 3, at).toString('latin1') === 'end') continue;
    let body = at + start.length;
    if (pdf[body] === 0x0d) body++;
    if (pdf[body] === 0x0a) body++;
    const stop = pdf.indexOf(end, body);
    if (stop < 0) return;
    const raw = pdf.subarray(body, stop);
    let out: Buffer | null = null;
    for (const inflate of [zlib.inflateSync, zlib.inflateRawSync]) {
      try {
        out = inflate(raw, { maxOutputLength: STREAM_LIMIT, finishFlush: zlib.constants.Z_SYNC_FLUSH });
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new DecompressionBomb('a stream inflates past its limit');
      }
    }
    at = stop;
    if (!out || out.length === 0) continue;
    total += out.length;
    if (total > TOTAL_LIMIT) throw new DecompressionBomb('the streams inflate past their limit');
    yield out;
  }
}

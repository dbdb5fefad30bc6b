/**
 * JSON answers and the index page compressed by Accept-Encoding: brotli when accepted, else gzip,
 * none when neither is or the body is at most COMPRESS_THRESHOLD bytes. Residents are on weak
 * mobile links: the config of a 300-item form is tens of kilobytes as JSON, a few as brotli
 * (`npm run bench -- wire`).
 *
 * hono/compress does gzip and deflate only, and through a CompressionStream it cannot skip a small
 * body whose length it does not know, so this one compresses the whole body with node:zlib.
 * Every JSON answer (fresh, replayed from an Idempotency-Key, error) is a whole string, never a
 * stream, so nothing is buffered that was meant to flow.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';

/** Bodies up to this size go as they are: a header or two would eat what compression saves. */
export const COMPRESS_THRESHOLD = 1024;

/** Moderate levels: most of the saving for little CPU (2-core servers answer many residents). */
export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = 6;

export type Encoding = 'br' | 'gzip';

/** Bytes a Response can be built from (never a SharedArrayBuffer's: zlib and Buffer make their own). */
type Bytes = Uint8Array<ArrayBuffer>;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/i;
const HTML_TYPE = /^text\/html\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** The encoding to use for an Accept-Encoding header: br wins a tie, q=0 refuses, `*` stands for either. */
export const chooseEncoding = (header: string | undefined): Encoding | null => {
  if (!header) return null;
  const accepts = parseAccept(header);
  const q = (name: string) => {
    const explicit = accepts.find((a) => a.type.toLowerCase() === name);
    return explicit ? explicit.q : (accepts.find((a) => a.type === '*')?.q ?? 0);
  };
  const br = q('br');
  const gz = q('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
};

export const compressBody = (body: Uint8Array, encoding: Encoding): Promise<Bytes> =>
  (encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzip(body, { level: GZIP_LEVEL })) as Promise<Bytes>;

/**
 * @hono/node-server answers a Response built from a string or bytes without making a fetch body
 * stream for it (its "light" Response keeps [status, body, headers] under a private symbol).
 * Reading the body through the Response API would build that stream for every answer, small ones
 * included; read it where it is kept instead, and through the API only when it is not there.
 */
const lightBody = (res: Response): string | Uint8Array | undefined => {
  const key = Object.getOwnPropertySymbols(res).find((s) => s.description === 'cache');
  const cached = key ? (res as unknown as Record<symbol, unknown>)[key] : undefined;
  if (!Array.isArray(cached)) return undefined;
  const body: unknown = cached[1];
  return typeof body === 'string' || body instanceof Uint8Array ? body : undefined;
};

const bodyBytes = async (res: Response): Promise<Bytes> => {
  const light = lightBody(res);
  if (light === undefined) return new Uint8Array(await res.arrayBuffer());
  return (typeof light === 'string' ? Buffer.from(light) : light) as Bytes;
};

const compressible = (c: Context, type: RegExp): boolean => {
  const res = c.res;
  if (c.req.method === 'HEAD' || res.status < 200 || res.status === 204 || res.status === 206 || res.status === 304) return false;
  if (res.headers.has('content-encoding') || res.headers.has('transfer-encoding')) return false;
  if (NO_TRANSFORM.test(res.headers.get('cache-control') ?? '')) return false;
  return type.test(res.headers.get('content-type') ?? '');
};

/**
 * The middleware. `Vary: Accept-Encoding` is set before the answer is built (a header added to a
 * built answer costs a body stream, see app.ts), so every answer under it carries it, compressed
 * or not: the same call may be small today and large tomorrow.
 */
const compressAnswers = (type: RegExp): MiddlewareHandler => async (c, next) => {
  c.header('Vary', 'Accept-Encoding');
  await next();
  if (!compressible(c, type)) return;
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  if (!encoding) return;
  const res = c.res;
  // A body known to be small is left alone without being read.
  const light = lightBody(res);
  if (light !== undefined && (typeof light === 'string' ? Buffer.byteLength(light) : light.byteLength) <= COMPRESS_THRESHOLD) return;
  const body = await bodyBytes(res);
  if (body.byteLength <= COMPRESS_THRESHOLD) {
    // Read through the Response API, so its body is spent: send the bytes read.
    replaceResponse(c, new Response(body, { status: res.status, headers: res.headers }));
    return;
  }
  const packed = await compressBody(body, encoding);
  const headers = new Headers(res.headers);
  headers.set('Content-Encoding', encoding);
  headers.delete('Content-Length');
  // statusText is left out: reading it off a light Response builds the body stream this avoids.
  replaceResponse(c, new Response(packed, { status: res.status, headers }));
};

export const compressJson = (): MiddlewareHandler => compressAnswers(JSON_TYPE);

/** The PWA's index page: built per request (the splash's title), so not precompressed as the assets are. */
export const compressPage = (): MiddlewareHandler => compressAnswers(HTML_TYPE);

/** Hono merges the old answer's headers into a new one and rebuilds it; cleared first, it is taken as it is. */
const replaceResponse = (c: Context, res: Response) => {
  c.res = undefined;
  c.res = res;
};

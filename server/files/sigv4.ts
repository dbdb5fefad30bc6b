/**
 * AWS Signature Version 4 for S3-compatible object stores (AWS S3, MinIO, Wasabi, …): the
 * Authorization header of one request. The payload is sent as UNSIGNED-PAYLOAD (TLS protects it
 * on the way; the files are encrypted by this server anyway), so a body can stream.
 */
import crypto from 'node:crypto';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => crypto.createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
export const uriEncode = (s: string, keepSlash = false): string =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export interface SignInput {
  method: string;
  /** Path, already URI-encoded per segment. */
  path: string;
  query: Record<string, string>;
  /** Lower-case names; host, x-amz-date and x-amz-content-sha256 are among them. */
  headers: Record<string, string>;
}

export const signatureOf = (creds: SigV4Credentials, req: SignInput): { signedHeaders: string; signature: string; scope: string } => {
  const amzDate = req.headers['x-amz-date'] as string;
  const day = amzDate.slice(0, 8);
  const names = Object.keys(req.headers).map((h) => h.toLowerCase()).sort();
  const canonicalQuery = Object.keys(req.query)
    .sort()
    .map((k) => `${uriEncode(k)}=${uriEncode(req.query[k] as string)}`)
    .join('&');
  const canonical = [
    req.method,
    req.path,
    canonicalQuery,
    names.map((n) => `${n}:${String(req.headers[n]).trim()}\n`).join(''),
    names.join(';'),
    req.headers['x-amz-content-sha256'] ?? UNSIGNED_PAYLOAD,
  ].join('\n');
  const scope = `${day}/${creds.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), 's3'), 'aws4_request');
  return { signedHeaders: names.join(';'), signature: crypto.createHmac('sha256', key).update(toSign).digest('hex'), scope };
};

export const authorizationOf = (creds: SigV4Credentials, req: SignInput): string => {
  const { signedHeaders, signature, scope } = signatureOf(creds, req);
  return `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
};

/** 20261125T024000Z */
export const amzDateOf = (d: Date): string => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * A stand-in for an S3-compatible object store: one bucket in memory behind the S3 REST calls the
 * server uses (PUT, GET with Range, HEAD, DELETE object; ListObjectsV2), answering 403 to a
 * request whose SigV4 signature does not check out with its keys. Its check is its own code, not
 * the server's signer (aws4), so an upload suite that passes means two implementations agree; it
 * is itself held to AWS's published example (file-parts.test.ts).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface SignInput {
  method: string;
  /** Path, URI-encoded per segment. */
  path: string;
  query: Record<string, string>;
  /** The signed headers, lower-case names. */
  headers: Record<string, string>;
}

const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => crypto.createHash('sha256').update(data).digest('hex');
/** RFC 3986, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const uriEncode = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The signature S3 expects of a request (header-signed, AWS4-HMAC-SHA256). */
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
    names.map((n) => `${n}:${String(req.headers[n]).trim().replace(/\s+/g, ' ')}\n`).join(''),
    names.join(';'),
    req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${day}/${creds.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), 's3'), 'aws4_request');
  return { signedHeaders: names.join(';'), signature: crypto.createHmac('sha256', key).update(toSign).digest('hex'), scope };
};

export const FAKE_S3_KEYS = { accessKeyId: 'AKIDFAKE', secretAccessKey: 'fake/secret+key', region: 'ap-northeast-1' };

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  objects: Map<string, { body: Buffer; at: Date }>;
  /** Requests refused for their signature. */
  refused: () => number;
  close(): Promise<void>;
}

export const startFakeS3 = async (bucket = 'forms-files'): Promise<FakeS3> => {
  const objects = new Map<string, { body: Buffer; at: Date }>();
  let refused = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/[^,]+, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
      const signed: Record<string, string> = {};
      for (const h of auth?.[2]?.split(';') ?? []) signed[h] = String(req.headers[h] ?? '');
      const query = Object.fromEntries(url.searchParams.entries());
      const want = auth ? signatureOf(FAKE_S3_KEYS, { method: req.method ?? 'GET', path: url.pathname, query, headers: signed }).signature : '';
      if (!auth || auth[1] !== FAKE_S3_KEYS.accessKeyId || auth[3] !== want || !signed['host'] || !signed['x-amz-date']) {
        refused++;
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const [, b, ...rest] = url.pathname.split('/');
      if (b !== bucket) return void res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
      const key = decodeURIComponent(rest.join('/'));
      if (key === '' && req.method === 'GET') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const items = [...objects.entries()].filter(([k]) => k.startsWith(prefix));
        const xml = `<ListBucketResult><IsTruncated>false</IsTruncated>${items
          .map(([k, o]) => `<Contents><Key>${k}</Key><LastModified>${o.at.toISOString()}</LastModified><Size>${o.body.length}</Size></Contents>`)
          .join('')}</ListBucketResult>`;
        return void res.writeHead(200, { 'content-type': 'application/xml' }).end(xml);
      }
      const o = objects.get(key);
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), at: new Date() });
        return void res.writeHead(200).end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return void res.writeHead(204).end();
      }
      if (!o) return void res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      if (req.method === 'HEAD') return void res.writeHead(200, { 'content-length': String(o.body.length) }).end();
      const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      if (range) {
        const part = o.body.subarray(Number(range[1]), Number(range[2]) + 1);
        return void res.writeHead(206, { 'content-length': String(part.length) }).end(part);
      }
      res.writeHead(200, { 'content-length': String(o.body.length) }).end(o.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

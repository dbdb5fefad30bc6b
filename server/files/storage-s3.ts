/**
 * The file storage on an S3-compatible object store (path-style addressing:
 * {endpoint}/{bucket}/{prefix}{area}/{ref}), signed with SigV4 by aws4. An upload is first counted
 * into a local temporary file (the limit applies as it arrives, and S3 wants the length up front),
 * then sent whole; a cut upload therefore never reaches the bucket. The payload is sent as
 * UNSIGNED-PAYLOAD (TLS protects it on the way; the files are encrypted by this server anyway), so
 * a body can stream.
 */
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import aws4 from 'aws4';
import { createLocalStorage, type Area, type FileStorage } from './storage';

export interface S3Settings {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  endpoint: string;
  bucket: string;
  prefix: string;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: http.IncomingMessage;
}

/** RFC 3986 encoding of a path segment or query part (encodeURIComponent leaves !'()* alone). */
const uriEncode = (s: string, keepSlash = false): string =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');

const readText = async (s: Readable): Promise<string> => {
  let out = '';
  for await (const c of s) out += (c as Buffer).toString('utf8');
  return out;
};

export const createS3Storage = (s3: S3Settings, tmpDir: string): FileStorage => {
  const base = new URL(s3.endpoint);
  // Uploads are counted into here before they go (the local storage's put does the counting).
  const staging = createLocalStorage(tmpDir);
  const objectPath = (key: string) => `${base.pathname.replace(/\/$/, '')}/${uriEncode(s3.bucket)}/${uriEncode(key, true)}`;
  const keyOf = (area: Area, ref: string) => `${s3.prefix}${area}/${ref}`;

  const send = (method: string, p: string, query: Record<string, string>, extra: Record<string, string>, body?: Readable) =>
    new Promise<Answer>((resolve, reject) => {
      const qs = Object.entries(query)
        .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
        .join('&');
      // Adds Host, X-Amz-Date and Authorization.
      const signed = aws4.sign(
        {
          service: 's3',
          region: s3.region,
          method,
          hostname: base.hostname,
          port: base.port || undefined,
          path: qs ? `${p}?${qs}` : p,
          headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', ...extra },
        },
        { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      );
      const lib = base.protocol === 'https:' ? https : http;
      const req = lib.request(signed, (res) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res }));
      req.setTimeout(60_000, () => req.destroy(new Error('object store timed out')));
      req.on('error', reject);
      if (body) body.on('error', (e) => req.destroy(e)).pipe(req);
      else req.end();
    });

  const expectOk = async (a: Answer, what: string) => {
    if (a.status >= 200 && a.status < 300) return;
    const text = await readText(a.body).catch(() => '');
    throw new Error(`object store ${what}: ${a.status} ${text.slice(0, 200)}`);
  };

  return {
    async put(area, body, maxBytes) {
      const staged = await staging.put('quarantine', body, maxBytes);
      try {
        const file = path.join(tmpDir, 'quarantine', staged.ref);
        const a = await send('PUT', objectPath(keyOf(area, staged.ref)), {}, { 'content-length': String(staged.size) }, fs.createReadStream(file));
        await expectOk(a, 'put');
        a.body.resume();
        return staged;
      } finally {
        await staging.remove('quarantine', staged.ref);
      }
    },
    read(area, ref, range) {
      const out = new PassThrough();
      send('GET', objectPath(keyOf(area, ref)), {}, range ? { range: `bytes=${range.start}-${range.end}` } : {})
        .then(async (a) => {
          await expectOk(a, 'get');
          a.body.on('error', (e) => out.destroy(e)).pipe(out);
        })
        .catch((e: unknown) => out.destroy(e as Error));
      return out;
    },
    async size(area, ref) {
      const a = await send('HEAD', objectPath(keyOf(area, ref)), {}, {});
      a.body.resume();
      if (a.status === 404) return null;
      await expectOk(a, 'head');
      return Number(a.headers['content-length']);
    },
    async remove(area, ref) {
      const a = await send('DELETE', objectPath(keyOf(area, ref)), {}, {});
      if (a.status !== 404) await expectOk(a, 'delete');
      a.body.resume();
    },
    async listOlderThan(area, olderThanMs) {
      const out: string[] = [];
      const limit = Date.now() - olderThanMs;
      const prefix = keyOf(area, '');
      let token: string | undefined;
      do {
        const query: Record<string, string> = { 'list-type': '2', prefix, ...(token ? { 'continuation-token': token } : {}) };
        const a = await send('GET', `${base.pathname.replace(/\/$/, '')}/${uriEncode(s3.bucket)}`, query, {});
        await expectOk(a, 'list');
        const xml = await readText(a.body);
        for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = /<Key>([^<]*)<\/Key>/.exec(m[1] as string)?.[1] ?? '';
          const at = Date.parse(/<LastModified>([^<]*)<\/LastModified>/.exec(m[1] as string)?.[1] ?? '');
          const ref = key.slice(prefix.length);
          if (/^[0-9a-f]{32}$/.test(ref) && at < limit) out.push(ref);
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? /<NextContinuationToken>([^<]*)</.exec(xml)?.[1] : undefined;
      } while (token);
      return out;
    },
  };
};

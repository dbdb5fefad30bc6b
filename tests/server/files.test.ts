/**
 * Files through the real server on both engines (spec 02 §3–§9): secure file entries, their
 * uploads and scans, the download of a clean file by its owner only, and image uploads. Nothing
 * unscanned, infected, mistyped, empty or over the limit is ever served.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_TEXTS } from '../../core/contract/files';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { cleanPdf, cleanPng, eicarPdf, polyglotPng } from './file-fixtures';
import { FAKE_S3_KEYS, startFakeS3, type FakeS3 } from './fake-s3';

type Status = 'Pending' | 'InProgress' | 'Clean' | 'Infected' | 'Encrypting' | 'Completed' | 'Error';
const TERMINAL: Status[] = ['Completed', 'Infected', 'Error'];

/** Each engine with the local directory, and SQLite with the S3-compatible store as well. */
const variants = [...engines().map((engine) => ({ engine, s3: false })), { engine: 'sqlite' as const, s3: true }];

for (const { engine, s3 } of variants) {
  describe(`files (${engine}${s3 ? ', S3' : ''})`, () => {
    let srv: TestServer;
    let bucket: FakeS3 | null = null;
    /** What the storage holds in an area, whichever it is. */
    const blobs = (area: 'store' | 'quarantine'): Buffer[] =>
      bucket
        ? [...bucket.objects.entries()].filter(([k]) => k.startsWith(`files/${area}/`)).map(([, o]) => o.body)
        : fs.readdirSync(path.join(srv.dataDir, 'files', area)).map((f) => fs.readFileSync(path.join(srv.dataDir, 'files', area, f)));
    let owner: string;
    let other: string;

    const create = (token: string, files: { name: string; contentType: string; size: number; itemKey?: string }[]) =>
      srv.api('POST', '/survey-resources/secure-files', { token, body: { files: files.map((f) => ({ itemKey: 'docs', ...f })) } });
    const put = (url: string, body: Buffer, contentType: string) =>
      srv.fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(body) });
    const statusOf = async (token: string, id: string): Promise<Status | undefined> => {
      const r = await srv.api('POST', '/survey-resources/secure-files/status', { token, body: { ids: [id] } });
      return (r.json.data as { fileData: { status: Status } }[])[0]?.fileData.status;
    };
    /** Waits for the scan to end; the test's timeout bounds it. */
    const settled = async (token: string, id: string): Promise<Status | undefined> => {
      for (;;) {
        await srv.deps.files.pipeline?.kick();
        const s = await statusOf(token, id);
        if (s === undefined || TERMINAL.includes(s)) return s;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const upload = async (name: string, bytes: Buffer, contentType: string) => {
      const made = await create(owner, [{ name, contentType, size: bytes.length }]);
      expect(made.status).toBe(200);
      const { id, url } = made.json.data[0] as { id: string; url: string };
      return { id, url, res: await put(url, bytes, contentType) };
    };
    const download = (token: string, fileId: string, itemKey = 'docs') =>
      srv.api('POST', '/survey-results/download-secure-file', { token, body: { surveyId: 's', itemKey, fileId } });

    beforeAll(async () => {
      if (s3) bucket = await startFakeS3();
      srv = await startTestServer(
        engine,
        bucket
          ? {
              S3_ENDPOINT: bucket.endpoint,
              S3_BUCKET: bucket.bucket,
              S3_REGION: FAKE_S3_KEYS.region,
              S3_ACCESS_KEY_ID: FAKE_S3_KEYS.accessKeyId,
              S3_SECRET_ACCESS_KEY: FAKE_S3_KEYS.secretAccessKey,
              S3_PREFIX: 'files/',
            }
          : {},
      );
      await importBundle(
        srv.deps.store,
        {
          surveyConfigs: [
            {
              surveyId: 'papers',
              surveyTitle: '書類の提出',
              surveySchema: [
                { itemKey: 'docs', type: 'secureFiles', title: '保険証など' },
                { itemKey: 'photo', type: 'image', title: '写真' },
              ],
            },
          ],
        },
        'fixture',
      );
      owner = await srv.token('U-files-owner');
      other = await srv.token('U-files-other');
    });
    afterAll(async () => {
      await srv?.stop();
      if (bucket) expect(bucket.refused()).toBe(0);
      await bucket?.close();
    });

    it('a clean PDF ends Completed, encrypted at rest, and downloads to its owner only, as an attachment', async () => {
      const { id, res } = await upload('保険証.pdf', cleanPdf, 'application/pdf');
      expect(res.status).toBe(200);
      expect(await settled(owner, id)).toBe('Completed');
      // At rest: no plain copy anywhere under the data folder.
      const stored = blobs('store');
      expect(stored.length).toBeGreaterThan(0);
      for (const blob of stored) expect(blob.includes(Buffer.from('/Type /Catalog'))).toBe(false);

      const link = await download(owner, id);
      expect(link.status).toBe(200);
      const file = await srv.fetch(link.json.data.url as string);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(cleanPdf)).toBe(true);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; .*filename\*=UTF-8''%E4%BF%9D%E9%99%BA%E8%A8%BC\.pdf$/);
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');

      // Another resident: the same answer as a missing file, and no status either.
      expect((await download(other, id)).status).toBe(404);
      expect(await statusOf(other, id)).toBeUndefined();
      // The wrong item of the right file is no file either.
      expect((await download(owner, id, 'other-item')).status).toBe(404);
      // A tampered URL is refused: one character of its MAC changed.
      const url = link.json.data.url as string;
      const at = url.length - 10;
      expect((await srv.fetch(`${url.slice(0, at)}${url[at] === 'A' ? 'B' : 'A'}${url.slice(at + 1)}`)).status).toBe(404);
    });

    it('the EICAR test file ends Infected and is never served', async () => {
      const { id, res } = await upload('eicar.pdf', eicarPdf, 'application/pdf');
      expect(res.status).toBe(200);
      expect(await settled(owner, id)).toBe('Infected');
      const link = await download(owner, id);
      expect(link.status).toBe(409);
      expect(link.json).toMatchObject({ code: 'file_infected', errorMessage: FILE_TEXTS.infected });
    });

    it('a PNG that is also HTML ends Infected', async () => {
      const { id, res } = await upload('photo.png', polyglotPng, 'image/png');
      expect(res.status).toBe(200);
      expect(await settled(owner, id)).toBe('Infected');
      expect((await download(owner, id)).status).toBe(409);
    });

    it('bytes that are not the named type are refused at upload and the file ends Error', async () => {
      const { id, res } = await upload('report.pdf', cleanPng, 'application/pdf');
      expect(res.status).toBe(415);
      expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe(FILE_TEXTS.secureFileType);
      expect(await statusOf(owner, id)).toBe('Error');
      expect((await download(owner, id)).json.code).toBe('file_infected');
    });

    it('names, types and sizes the spec refuses are refused before any upload', async () => {
      const cases = [
        { name: 'report.exe', contentType: 'application/pdf', size: 10 },
        { name: 'noextension', contentType: 'application/pdf', size: 10 },
        { name: 'a.b.pdf', contentType: 'application/pdf', size: 10 },
        { name: 'CON.pdf', contentType: 'application/pdf', size: 10 },
        { name: 'a<b.pdf', contentType: 'application/pdf', size: 10 },
        { name: 'report.pdf ', contentType: 'application/pdf', size: 10 },
        { name: `${'あ'.repeat(27)}.pdf`, contentType: 'application/pdf', size: 10 },
        { name: 'photo.png', contentType: 'application/pdf', size: 10 },
        { name: 'empty.pdf', contentType: 'application/pdf', size: 0 },
        { name: 'huge.pdf', contentType: 'application/pdf', size: 50 * 1024 * 1024 + 1 },
      ];
      for (const f of cases) {
        const r = await create(owner, [f]);
        expect(r.status, f.name).toBe(400);
      }
      const four = await create(owner, Array.from({ length: 4 }, (_, i) => ({ name: `f${i}.pdf`, contentType: 'application/pdf', size: 10 })));
      expect(four.status).toBe(400);
    });

    it('more bytes than declared, or none, are refused and nothing is kept', async () => {
      const made = await create(owner, [{ name: 'short.pdf', contentType: 'application/pdf', size: 20 }]);
      const { id, url } = made.json.data[0] as { id: string; url: string };
      expect((await put(url, cleanPdf, 'application/pdf')).status).toBe(413);
      expect((await put(url, Buffer.alloc(0), 'application/pdf')).status).toBe(400);
      expect((await put(url, cleanPdf.subarray(0, 20), 'text/html')).status).toBe(400);
      expect(await statusOf(owner, id)).toBe('Pending');
      expect((await download(owner, id)).json).toMatchObject({ code: 'file_not_ready', errorMessage: FILE_TEXTS.notReady });
      // An earlier test's infected file leaves the quarantine once its scan has finished, which
      // on a busy machine may be a moment after its status: what must hold is that nothing stays.
      await expect.poll(() => blobs('quarantine'), { timeout: 10_000 }).toEqual([]);
    });

    it('an upload cut off half way starts over on the same entry: one file, served once scanned', async () => {
      const made = await create(owner, [{ name: 'cut.pdf', contentType: 'application/pdf', size: cleanPdf.length }]);
      const { id, url } = made.json.data[0] as { id: string; url: string };
      // Half the bytes, then the connection drops.
      const half = new ReadableStream<Uint8Array>({
        start(ctl) {
          ctl.enqueue(cleanPdf.subarray(0, 40));
          ctl.error(new Error('connection lost'));
        },
      });
      await expect(
        srv.fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf', 'content-length': String(cleanPdf.length) }, body: half, duplex: 'half' } as RequestInit),
      ).rejects.toThrow();
      expect(await statusOf(owner, id)).toBe('Pending');
      // The URL may have expired meanwhile: the status call hands a fresh one for the same entry.
      const fresh = (await srv.api('POST', '/survey-resources/secure-files/status', { token: owner, body: { ids: [id] } })).json.data[0];
      expect(fresh.uploadUrl).toEqual(expect.any(String));
      expect((await put(fresh.uploadUrl as string, cleanPdf, 'application/pdf')).status).toBe(200);
      // A repeat of the finished upload (its answer lost) changes nothing.
      const again = await put(url, cleanPdf, 'application/pdf');
      expect(again.status).toBe(200);
      expect(await settled(owner, id)).toBe('Completed');
      const rows = await srv.deps.store.db.selectFrom('files').select(['file_id', 'blob_ref']).where('name', '=', 'cut.pdf').execute();
      expect(rows).toHaveLength(1);
      await expect.poll(() => blobs('quarantine'), { timeout: 10_000 }).toEqual([]);
      const file = await srv.fetch((await download(owner, id)).json.data.url as string);
      expect(Buffer.from(await file.arrayBuffer()).equals(cleanPdf)).toBe(true);
    });

    it('the same Idempotency-Key makes the entries once', async () => {
      const body = { files: [{ itemKey: 'docs', name: 'once.pdf', contentType: 'application/pdf', size: 10 }] };
      const headers = { 'Idempotency-Key': 'files-once-1' };
      const a = await srv.api('POST', '/survey-resources/secure-files', { token: owner, body, headers });
      const b = await srv.api('POST', '/survey-resources/secure-files', { token: owner, body, headers });
      expect(b.json.data[0].id).toBe(a.json.data[0].id);
      const rows = await srv.deps.store.db.selectFrom('files').select('file_id').where('name', '=', 'once.pdf').execute();
      expect(rows).toHaveLength(1);
    });

    it('an entry with a device-made id is made once, stays its owner\'s, and uploads once', async () => {
      const id = crypto.randomUUID();
      const file = { id, itemKey: 'docs', name: 'offline.pdf', contentType: 'application/pdf', size: cleanPdf.length };
      const send = (token: string, f: object, key: string) =>
        srv.api('POST', '/survey-resources/secure-files', { token, body: { files: [f] }, headers: { 'Idempotency-Key': key } });
      // A first send, a retry of it, and the same id from a second device (another Idempotency-Key).
      const a = await send(owner, file, `dev-a-${id}`);
      const retry = await send(owner, file, `dev-a-${id}`);
      const b = await send(owner, file, `dev-b-${id}`);
      for (const r of [a, retry, b]) {
        expect(r.status).toBe(200);
        expect(r.json.data[0].id).toBe(id);
      }
      const rowsOf = () => srv.deps.store.db.selectFrom('files').selectAll().where('file_id', '=', id).execute();
      expect(await rowsOf()).toHaveLength(1);
      // Another resident, or the same id for another file, is refused and changes nothing.
      const theirs = await send(other, file, `dev-c-${id}`);
      expect(theirs.status).toBe(409);
      expect(theirs.json.code).toBe('key_taken');
      expect((await send(owner, { ...file, name: 'other.pdf' }, `dev-d-${id}`)).status).toBe(409);
      expect((await send(owner, { ...file, itemKey: 'photo' }, `dev-e-${id}`)).status).toBe(409);
      const [row] = await rowsOf();
      expect(row?.user_id).toBe('U-files-owner');
      expect(row?.name).toBe('offline.pdf');
      expect(await statusOf(other, id)).toBeUndefined();
      // A second upload to either URL keeps the first; the file is scanned once and downloads to its owner.
      expect((await put(a.json.data[0].url as string, cleanPdf, 'application/pdf')).status).toBe(200);
      expect((await put(b.json.data[0].url as string, cleanPdf, 'application/pdf')).status).toBe(200);
      expect(await settled(owner, id)).toBe('Completed');
      expect(await rowsOf()).toHaveLength(1);
      const after = await send(owner, file, `dev-f-${id}`);
      expect(after.json.data[0].id).toBe(id);
      expect(await statusOf(owner, id)).toBe('Completed');
      expect((await download(other, id)).status).toBe(404);
      const link = await download(owner, id);
      const got = await srv.fetch(link.json.data.url as string);
      expect(Buffer.from(await got.arrayBuffer()).equals(cleanPdf)).toBe(true);
      // Not a uuid, or twice in one call: refused.
      expect((await send(owner, { ...file, id: 'answers/x' }, 'dev-g')).status).toBe(400);
      const twice = crypto.randomUUID();
      const dup = await srv.api('POST', '/survey-resources/secure-files', {
        token: owner,
        body: { files: [{ ...file, id: twice }, { ...file, id: twice }] },
      });
      expect(dup.status).toBe(409);
      expect(await srv.deps.store.db.selectFrom('files').select('file_id').where('file_id', '=', twice).execute()).toHaveLength(0);
    });

    it('image items: upload URL for answers/{uuid}, scanned, then shown to the owner only', async () => {
      const key = `answers/${crypto.randomUUID()}`;
      const got = await srv.api('GET', `/survey-resources/presignedUrl?key=${encodeURIComponent(key)}&contentType=image/png`, { token: owner });
      expect(got.status).toBe(200);
      expect(got.json.imageUrl).toBe(key);
      expect((await put(got.json.uploadUrl as string, cleanPng, 'image/png')).status).toBe(200);
      const listed = async (token: string) => {
        for (;;) {
          await srv.deps.files.pipeline?.kick();
          const r = await srv.api('POST', '/survey-resources/presigned-urls', { token, body: { keys: [key] } });
          const e = (r.json.data as { status: Status; url?: string }[])[0];
          if (!e || TERMINAL.includes(e.status)) return e;
        }
      };
      const entry = await listed(owner);
      expect(entry?.status).toBe('Completed');
      const img = await srv.fetch(entry?.url as string);
      expect(img.headers.get('content-disposition')).toMatch(/^inline/);
      expect(Buffer.from(await img.arrayBuffer()).equals(cleanPng)).toBe(true);
      expect(await listed(other)).toBeUndefined();
      const steal = await srv.api('GET', `/survey-resources/presignedUrl?key=${encodeURIComponent(key)}&contentType=image/png`, { token: other });
      expect(steal.status).toBe(409);
    });

    it('image items: an empty, mistyped or over 20 MB photo is refused with the spec texts', async () => {
      const urlFor = async (contentType: string) =>
        (await srv.api('GET', `/survey-resources/presignedUrl?key=answers/${crypto.randomUUID()}&contentType=${contentType}`, { token: owner })).json
          .uploadUrl as string;
      const empty = await put(await urlFor('image/jpeg'), Buffer.alloc(0), 'image/jpeg');
      expect(empty.status).toBe(400);
      const mistyped = await put(await urlFor('image/jpeg'), cleanPdf, 'image/jpeg');
      expect(mistyped.status).toBe(415);
      expect(((await mistyped.json()) as { errorMessage: string }).errorMessage).toBe(FILE_TEXTS.imageType);
      const big = Buffer.alloc(20 * 1024 * 1024 + 1);
      cleanPng.copy(big);
      const over = await put(await urlFor('image/png'), big, 'image/png');
      expect(over.status).toBe(413);
      expect(((await over.json()) as { errorMessage: string }).errorMessage).toBe(FILE_TEXTS.imageSize);
      const gif = await srv.api('GET', `/survey-resources/presignedUrl?key=answers/${crypto.randomUUID()}&contentType=image/gif`, { token: owner });
      expect(gif.status).toBe(400);
    });
    it("an answer may name only its resident's own files, made for that item", async () => {
      const mine = (await create(owner, [{ name: 'mine.pdf', contentType: 'application/pdf', size: 10 }])).json.data[0].id as string;
      const theirs = (await create(other, [{ name: 'theirs.pdf', contentType: 'application/pdf', size: 10 }])).json.data[0].id as string;
      const elsewhere = (await create(owner, [{ name: 'x.pdf', contentType: 'application/pdf', size: 10, itemKey: 'other' }])).json.data[0].id as string;
      const theirPhoto = `answers/${crypto.randomUUID()}`;
      const u = await srv.api('GET', `/survey-resources/presignedUrl?key=${theirPhoto}&contentType=image/png`, { token: other });
      expect((await put(u.json.uploadUrl as string, cleanPng, 'image/png')).status).toBe(200);
      const answer = (docs: string[], photo?: string) =>
        srv.api('POST', '/survey-results/putItem', {
          token: owner,
          body: {
            data: [
              ...docs.map((value) => ({ surveyId: 'papers', itemKey: 'docs', value })),
              ...(photo ? [{ surveyId: 'papers', itemKey: 'photo', value: photo }] : []),
            ],
          },
        });
      for (const bad of [[`${theirs}#theirs.pdf`], [`${elsewhere}#x.pdf`], [`${crypto.randomUUID()}#ghost.pdf`]]) {
        const r = await answer(bad);
        expect(r.status, bad[0]).toBe(400);
        expect(r.json.code).toBe('invalid_answer');
        expect(r.json.itemIssues).toEqual({ docs: [{ key: 'invalidValue' }] });
      }
      const stolen = await answer([`${mine}#mine.pdf`], theirPhoto);
      expect(stolen.status).toBe(400);
      expect(stolen.json.itemIssues).toEqual({ photo: [{ key: 'invalidValue' }] });
      // A photo not uploaded yet (still in the phone's queue) is fine.
      const ok = await answer([`${mine}#mine.pdf`], `answers/${crypto.randomUUID()}`);
      expect(ok.status).toBe(200);
    });
  });
}

/**
 * The per-resident upload allowance (FILE_QUOTA_MB over any 24 hours) through the real server on
 * both engines: an upload past it is refused with its text and nothing of it is kept, secure files
 * and photos alike; other residents, and uploads older than a day, do not count.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_QUOTA_TEXT } from '../../core/contract/files';
import { engines, startTestServer, type TestServer } from './harness';
import { cleanPdf, cleanPng } from './file-fixtures';

const KB = 1024;
/** A file of the given type's first bytes, padded to `size`. */
const sized = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);

for (const engine of engines()) {
  describe(`upload allowance (${engine})`, () => {
    let srv: TestServer;
    let owner: string;
    let other: string;

    const put = (url: string, body: Buffer, contentType: string) =>
      srv.fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(body) });
    /** Makes a secure file entry, then PUTs its bytes. */
    const uploadPdf = async (token: string, size: number) => {
      const made = await srv.api('POST', '/survey-resources/secure-files', {
        token,
        body: { files: [{ itemKey: 'docs', name: 'shorui.pdf', contentType: 'application/pdf', size }] },
      });
      expect(made.status).toBe(200);
      const { id, url } = made.json.data[0] as { id: string; url: string };
      return { id, res: await put(url, sized(cleanPdf, size), 'application/pdf') };
    };
    const uploadPhoto = async (token: string, size: number) => {
      const key = `answers/${crypto.randomUUID()}`;
      const u = await srv.api('GET', `/survey-resources/presignedUrl?key=${key}&contentType=image/png`, { token });
      return { key, res: await put(u.json.uploadUrl as string, sized(cleanPng, size), 'image/png') };
    };
    const expectOverQuota = async (res: Response) => {
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ result: 'ERROR', code: 'file_quota', errorMessage: FILE_QUOTA_TEXT });
    };
    const quarantined = () => fs.readdirSync(path.join(srv.dataDir, 'files', 'quarantine')).length;
    const uploadedAt = async (fileId: string) =>
      (await srv.deps.store.db.selectFrom('files').select('uploaded_at').where('file_id', '=', fileId).executeTakeFirstOrThrow()).uploaded_at;

    beforeAll(async () => {
      srv = await startTestServer(engine, { FILE_QUOTA_MB: '1' });
      // No scans in this suite: what the allowance counts is what arrived, whatever a scan says.
      await srv.deps.files.pipeline?.stop();
      srv.deps.files.pipeline = null;
      owner = await srv.token('U-quota-owner');
      other = await srv.token('U-quota-other');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('counts what a resident stored in the last 24 hours, and refuses what goes past 1 MB', async () => {
      const first = await uploadPdf(owner, 700 * KB);
      expect(first.res.status).toBe(200);
      const kept = quarantined();

      // Past the allowance: refused with its text, and nothing of the file kept.
      const second = await uploadPdf(owner, 400 * KB);
      await expectOverQuota(second.res);
      expect(await uploadedAt(second.id)).toBeNull();
      await expectOverQuota((await uploadPhoto(owner, 400 * KB)).res);
      expect(quarantined()).toBe(kept);

      // What is left still takes a smaller photo; another resident has their own allowance.
      expect((await uploadPhoto(owner, 200 * KB)).res.status).toBe(200);
      expect((await uploadPdf(other, 900 * KB)).res.status).toBe(200);

      // A day later the first upload no longer counts: the refused file can be sent again.
      const dayAgo = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
      await srv.deps.store.db.updateTable('files').set({ uploaded_at: dayAgo }).where('file_id', '=', first.id).execute();
      const again = await srv.api('POST', '/survey-resources/secure-files/status', { token: owner, body: { ids: [second.id] } });
      const url = (again.json.data[0] as { uploadUrl: string }).uploadUrl;
      expect((await put(url, sized(cleanPdf, 400 * KB), 'application/pdf')).status).toBe(200);
      expect(await uploadedAt(second.id)).not.toBeNull();
    });
  });
}

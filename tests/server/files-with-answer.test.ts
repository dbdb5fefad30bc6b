/**
 * A deleted answer takes its files with it (rows and blobs), through the real server on both
 * engines, unless another answer of the resident still names them; nothing of another resident's
 * is touched, and a deletion refused by the form's rules removes nothing. A single answer written
 * again lets go of the files only the old one named.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import { engines, startTestServer, type TestServer } from './harness';
import { cleanPdf, cleanPng } from './file-fixtures';

for (const engine of engines()) {
  describe(`files with their answer (${engine})`, () => {
    let srv: TestServer;
    let owner: string;
    let other: string;

    const put = (url: string, body: Buffer, contentType: string) =>
      srv.fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(body) });
    const uploadPdf = async (token: string) => {
      const made = await srv.api('POST', '/survey-resources/secure-files', {
        token,
        body: { files: [{ itemKey: 'docs', name: 'shorui.pdf', contentType: 'application/pdf', size: cleanPdf.length }] },
      });
      const { id, url } = made.json.data[0] as { id: string; url: string };
      expect((await put(url, cleanPdf, 'application/pdf')).status).toBe(200);
      return `${id}#shorui.pdf`;
    };
    const uploadPhoto = async (token: string) => {
      const key = `answers/${crypto.randomUUID()}`;
      const u = await srv.api('GET', `/survey-resources/presignedUrl?key=${key}&contentType=image/png`, { token });
      expect((await put(u.json.uploadUrl as string, cleanPng, 'image/png')).status).toBe(200);
      return key;
    };
    const answer = async (token: string, surveyId: string, docs: string | null, photo: string) => {
      const r = await srv.api('POST', '/survey-results/putItem', {
        token,
        body: {
          data: [
            ...(docs ? [{ surveyId, itemKey: 'docs', value: docs }] : []),
            { surveyId, itemKey: 'photo', value: photo },
          ],
        },
      });
      expect(r.status, r.text).toBe(200);
      return r.json.partitionKey as string;
    };
    const remove = (token: string, surveyId: string, partitionKey: string) =>
      srv.api('DELETE', `/survey-results/deleteItem?surveyId=${surveyId}&partitionKey=${encodeURIComponent(partitionKey)}`, { token });
    const fileRow = (fileId: string) => srv.deps.store.db.selectFrom('files').select(['file_id', 'blob_ref']).where('file_id', '=', fileId).executeTakeFirst();
    /** Every blob in the storage, both areas. */
    const blobs = () =>
      ['quarantine', 'store'].flatMap((area) => {
        const dir = path.join(srv.dataDir, 'files', area);
        return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
      });
    /** Lets every upload's scan end, so its blob has settled in one area. */
    const scansDone = async () => {
      for (;;) {
        await srv.deps.files.pipeline?.kick();
        const busy = await srv.deps.store.db.selectFrom('files').select('file_id').where('status', 'in', ['Pending', 'InProgress', 'Clean', 'Encrypting']).execute();
        if (busy.length === 0) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const idOf = (value: string) => value.split('#')[0] as string;

    beforeAll(async () => {
      srv = await startTestServer(engine);
      const schema = [
        { itemKey: 'docs', type: 'secureFiles', title: '保険証など' },
        { itemKey: 'photo', type: 'image', title: '写真' },
      ];
      await importBundle(
        srv.deps.store,
        {
          surveyConfigs: [
            { surveyId: 'papers-many', surveyTitle: '書類の提出', isAppending: { value: true }, surveySchema: schema },
            { surveyId: 'papers-one', surveyTitle: '書類の提出（一回）', surveySchema: schema },
            {
              surveyId: 'papers-locked',
              surveyTitle: '書類の提出（取り消し不可）',
              isAppending: { value: true },
              calendarSetting: { updateOrCancelSettings: 'updateOnly' },
              surveySchema: schema,
            },
          ],
        },
        'fixture',
      );
      owner = await srv.token('U-release-owner');
      other = await srv.token('U-release-other');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('goes with the last answer that names it, blobs and all', async () => {
      const pdf = await uploadPdf(owner);
      const photo = await uploadPhoto(owner);
      const theirs = await uploadPhoto(other);
      const first = await answer(owner, 'papers-many', pdf, photo);
      // A second answer names the same photo.
      const second = await answer(owner, 'papers-many', null, photo);
      const theirAnswer = await answer(other, 'papers-many', null, theirs);
      await scansDone();
      const pdfBlob = (await fileRow(idOf(pdf)))?.blob_ref as string;
      const photoBlob = (await fileRow(photo))?.blob_ref as string;
      expect(blobs()).toEqual(expect.arrayContaining([pdfBlob, photoBlob]));

      expect((await remove(owner, 'papers-many', first)).status).toBe(200);
      expect(await fileRow(idOf(pdf))).toBeUndefined();
      expect(blobs()).not.toContain(pdfBlob);
      // Still named by the second answer: kept.
      expect(await fileRow(photo)).toBeDefined();
      expect(blobs()).toContain(photoBlob);

      expect((await remove(owner, 'papers-many', second)).status).toBe(200);
      expect(await fileRow(photo)).toBeUndefined();
      expect(blobs()).not.toContain(photoBlob);
      // The other resident's answer and photo are untouched.
      expect(await fileRow(theirs)).toBeDefined();
      expect((await srv.api('GET', `/survey-results/getBySurveyIdPartitionKeyIndex?surveyId=papers-many&partitionKey=${encodeURIComponent(theirAnswer)}`, { token: other })).status).toBe(200);
    });

    it('a single answer written again lets go of the files only the old one named', async () => {
      const pdf = await uploadPdf(owner);
      const oldPhoto = await uploadPhoto(owner);
      await answer(owner, 'papers-one', pdf, oldPhoto);
      await scansDone();
      const oldBlob = (await fileRow(oldPhoto))?.blob_ref as string;
      // The same PDF, a new photo: the old photo goes, the PDF stays.
      const newPhoto = await uploadPhoto(owner);
      await answer(owner, 'papers-one', pdf, newPhoto);
      expect(await fileRow(oldPhoto)).toBeUndefined();
      expect(blobs()).not.toContain(oldBlob);
      expect(await fileRow(idOf(pdf))).toBeDefined();
      expect(await fileRow(newPhoto)).toBeDefined();
      // The same values again: nothing goes.
      await answer(owner, 'papers-one', pdf, newPhoto);
      expect(await fileRow(idOf(pdf))).toBeDefined();
      expect(await fileRow(newPhoto)).toBeDefined();
    });

    it('a deletion the form refuses removes nothing', async () => {
      const pdf = await uploadPdf(owner);
      const key = await answer(owner, 'papers-locked', pdf, await uploadPhoto(owner));
      const refused = await remove(owner, 'papers-locked', key);
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe('cancel_forbidden');
      expect(await fileRow(idOf(pdf))).toBeDefined();
    });
  });
}

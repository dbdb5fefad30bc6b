import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { importIntoE2e, signInAt, surveyItem, waitForServiceWorker } from './support';
import { ja } from '../src/messages/ja';

/**
 * Issue 25's journeys: a photo or a secure file attached offline waits on the device with its
 * bytes and is delivered exactly once when the network is back (a secure file before the answer
 * naming it), then shown or downloadable once scanned; a refused photo and refused or infected
 * secure files show the spec's texts.
 */
const SURVEY = 'e2e-files';
/** A form of its own, so the resident's answer there leaves the other journeys' forms untouched. */
const SURVEY_OFFLINE = 'e2e-files-offline';
const t = ja.items.files;
/** A real 8×8 PNG, so the page can draw and shrink it. */
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
};
const PNG = (() => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: 8 }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(24, 0xc0)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
})();
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

test.beforeAll(() => {
  importIntoE2e({
    surveyConfigs: [
      {
        surveyId: SURVEY,
        surveyTitle: '書類と写真の提出',
        surveySchema: [
          { itemKey: 'photo', type: 'image', title: '写真' },
          { itemKey: 'docs', type: 'secureFiles', title: '保険証など' },
        ],
      },
      {
        surveyId: SURVEY_OFFLINE,
        surveyTitle: '診断書の提出',
        surveySchema: [{ itemKey: 'docs', type: 'secureFiles', title: '診断書' }],
      },
    ],
  });
});

const idb = <T,>(page: Page, fn: string) =>
  page.evaluate(
    (body) =>
      new Promise<T>((resolve, reject) => {
        const open = indexedDB.open('liff-forms');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction('uploads').objectStore('uploads')[body as 'getAll']();
          req.onsuccess = () => {
            resolve(req.result as T);
            db.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
    fn,
  );

const tokenOf = async (page: Page) => (JSON.parse((await page.evaluate(() => localStorage.getItem('session'))) ?? '{}') as { idToken: string }).idToken;

test('a photo attached offline waits on the device and is delivered exactly once when back online', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signInAt(page, `/survey/${SURVEY}`, '山田 花子');
  await expect(page.getByTestId('survey-form')).toBeVisible();
  await waitForServiceWorker(page);
  const puts: string[] = [];
  page.on('request', (r) => r.method() === 'PUT' && r.url().includes('/survey/api/v1/files/') && puts.push(r.url()));

  await context.setOffline(true);
  const photo = surveyItem(page, 'photo');
  await photo.getByTestId('image-input').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: PNG });
  await expect(photo.getByTestId('image-preview')).toBeVisible();
  await expect(photo.getByTestId('image-queued')).toHaveText(t.queued);
  const queued = await idb<{ key: string; contentType: string; bytes: ArrayBuffer }[]>(page, 'getAll');
  expect(queued).toHaveLength(1);
  const key = queued[0]?.key as string;
  expect(key).toMatch(/^answers\/[0-9a-f-]{36}$/);
  // Shrunk on the device: a JPEG drawn from the photo.
  expect(queued[0]?.contentType).toBe('image/jpeg');
  expect(puts).toHaveLength(0);
  // The answer is sent offline too: it waits in the outbox with the photo's key as its value.
  await page.getByTestId('submit-button').click();
  await page.getByRole('dialog').getByRole('button', { name: '送信する' }).click();
  await expect(page.getByTestId('outbox-count')).toHaveText('未送信 1件');

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await idb<unknown[]>(page, 'getAll')).length, { timeout: 20_000 }).toBe(0);
  expect(puts).toHaveLength(1);
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0, { timeout: 20_000 });

  // On the server once, scanned, shown to its owner; the stored answer holds its key.
  const token = await tokenOf(page);
  const answers = await page.request.post('/survey/api/v1/db/survey-results/query', {
    data: { surveyId: SURVEY },
    headers: { Authorization: `Bearer ${token}` },
  });
  const rows = ((await answers.json()) as { data: { itemKey: string; value: string }[] }).data;
  expect(rows.filter((r) => r.itemKey === 'photo').map((r) => r.value)).toEqual([key]);
  await expect
    .poll(async () => {
      const r = await page.request.post('/survey/api/v1/db/survey-resources/presigned-urls', {
        data: { keys: [key] },
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await r.json()) as { data: { status: string }[] }).data.map((e) => e.status);
    }, { timeout: 20_000 })
    .toEqual(['Completed']);
  // The sent answer shows the photo from the server when it is opened again.
  const view = await page.request.post('/survey/api/v1/db/survey-resources/presigned-urls', {
    data: { keys: [key] },
    headers: { Authorization: `Bearer ${token}` },
  });
  const url = ((await view.json()) as { data: { url: string }[] }).data[0]?.url as string;
  const img = await page.request.get(url);
  expect(img.headers()['content-type']).toBe('image/jpeg');
  expect(img.headers()['x-content-type-options']).toBe('nosniff');
  // Further triggers send nothing again.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  expect(puts).toHaveLength(1);
});

test('a secure file attached offline is queued, then made once, uploaded once and scanned before its answer', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signInAt(page, `/survey/${SURVEY_OFFLINE}`, '佐藤 太郎');
  await expect(page.getByTestId('survey-form')).toBeVisible();
  await waitForServiceWorker(page);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/survey/api/v1/files/')) calls.push('put');
    if (r.method() === 'POST' && r.url().endsWith('/survey-resources/secure-files')) calls.push('entry');
    if (r.method() === 'POST' && r.url().endsWith('/survey-results/putItem')) calls.push('answer');
  });

  await context.setOffline(true);
  const docs = surveyItem(page, 'docs');
  await docs.getByTestId('secure-file-input').setInputFiles({ name: '診断書.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(docs.getByTestId('secure-file')).toContainText('診断書.pdf');
  await expect(docs.getByTestId('secure-file-queued')).toHaveText(t.fileQueued);
  const queued = await idb<{ key: string; kind?: string; name?: string; itemKey?: string; bytes: ArrayBuffer }[]>(page, 'getAll');
  expect(queued.map((q) => [q.kind, q.name, q.itemKey])).toEqual([['secure', '診断書.pdf', 'docs']]);
  const id = queued[0]?.key as string;
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  await page.getByTestId('submit-button').click();
  await page.getByRole('dialog').getByRole('button', { name: '送信する' }).click();
  await expect(page.getByTestId('outbox-count')).toHaveText('未送信 1件');
  expect(calls).toEqual([]);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await idb<unknown[]>(page, 'getAll')).length, { timeout: 20_000 }).toBe(0);
  await expect(page.getByTestId('outbox-badge')).toHaveCount(0, { timeout: 20_000 });
  // The entry and the bytes first, once each, then the answer, once.
  expect(calls).toEqual(['entry', 'put', 'answer']);

  const token = await tokenOf(page);
  const auth = { Authorization: `Bearer ${token}` };
  const answers = await page.request.post('/survey/api/v1/db/survey-results/query', { data: { surveyId: SURVEY_OFFLINE }, headers: auth });
  const rows = ((await answers.json()) as { data: { itemKey: string; value: string }[] }).data;
  expect(rows.filter((r) => r.itemKey === 'docs').map((r) => r.value)).toEqual([`${id}#診断書.pdf`]);
  await expect
    .poll(async () => {
      const r = await page.request.post('/survey/api/v1/db/survey-resources/secure-files/status', { data: { ids: [id] }, headers: auth });
      return ((await r.json()) as { data: { id: string; fileData: { status: string } }[] }).data.map((e) => [e.id, e.fileData.status]);
    }, { timeout: 20_000 })
    .toEqual([[id, 'Completed']]);
  // The clean PDF downloads for its owner, as an attachment.
  const link = await page.request.post('/survey/api/v1/db/survey-results/download-secure-file', {
    data: { surveyId: SURVEY_OFFLINE, itemKey: 'docs', fileId: id },
    headers: auth,
  });
  expect(link.status()).toBe(200);
  const file = await page.request.get(((await link.json()) as { data: { url: string } }).data.url);
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
  expect(file.headers()['content-disposition']).toMatch(/^attachment/);
  // Further triggers send nothing again.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  expect(calls).toEqual(['entry', 'put', 'answer']);
});

test('online: the image item shows the photo from the server once it is scanned', async ({ page }) => {
  await signInAt(page, `/survey/${SURVEY}`, '高橋 健一');
  const photo = surveyItem(page, 'photo');
  await photo.getByTestId('image-input').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: PNG });
  await expect(photo.getByTestId('image-preview')).toBeVisible();
  await expect(photo.getByTestId('image-preview')).toHaveAttribute('src', /\/survey\/api\/v1\/files\//, { timeout: 20_000 });
  await expect(photo.getByRole('button', { name: t.changePhoto })).toBeVisible();
});

test('a photo of the wrong type is refused with the spec text', async ({ page }) => {
  await signInAt(page, `/survey/${SURVEY}`, '佐藤 太郎');
  const photo = surveyItem(page, 'photo');
  await photo.getByTestId('image-input').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(photo).toContainText(t.imageType);
  await expect(photo.getByTestId('image-preview')).toHaveCount(0);
});

test('secure files: an infected file shows 無効ファイル, a clean one its download button', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAt(page, `/survey/${SURVEY}`, '鈴木 美咲');
  const docs = surveyItem(page, 'docs');
  await docs.getByTestId('secure-file-input').setInputFiles({ name: 'eicar.pdf', mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n${EICAR}\n`) });
  await expect(docs.getByTestId('secure-file')).toHaveCount(1);
  await docs.getByTestId('secure-file-input').setInputFiles({ name: '保険証.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(docs.getByTestId('secure-file')).toHaveCount(2);
  // A bad name is refused before any upload.
  await docs.getByTestId('secure-file-input').setInputFiles({ name: 'a.b.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(docs).toContainText(ja.validation.secureFileName);
  await expect(docs.getByTestId('secure-file')).toHaveCount(2);

  // The spec: open the screen again some time later. The draft keeps the files.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const o = indexedDB.open('liff-forms');
            o.onsuccess = () => {
              const r = o.result.transaction('drafts').objectStore('drafts').getAll();
              r.onsuccess = () => {
                resolve(((r.result[0] as { values?: { docs?: string[] } } | undefined)?.values?.docs ?? []).length);
                o.result.close();
              };
            };
          }),
      ),
    )
    .toBe(2);
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(surveyItem(page, 'docs').getByTestId('secure-file')).toHaveCount(2);
        return surveyItem(page, 'docs').getByRole('button', { name: t.download }).count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  const again = surveyItem(page, 'docs');
  await expect(again.getByTestId('file-status')).toHaveText(t.statusInfected);
  await expect(again).toContainText(t.infected);
  const download = page.waitForEvent('download');
  await again.getByRole('button', { name: t.download }).click();
  expect((await download).suggestedFilename()).toBe('保険証.pdf');
});

/**
 * A signed file URL is a bearer credential until it expires: the request log names the grant's
 * file, never the token. An upload, a download and a refused token, with the request log on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../server/forms/import';
import type { LogRecord } from '../../server/log';
import { engines, startTestServer, type TestServer } from './harness';
import { cleanPdf } from './file-fixtures';

for (const engine of engines()) {
  describe(`file URLs in the request log (${engine})`, () => {
    let srv: TestServer;
    let owner: string;
    const lines: LogRecord[] = [];

    beforeAll(async () => {
      srv = await startTestServer(engine, { LOG_REQUESTS: '1' }, { log: (_level, rec) => lines.push(rec) });
      await importBundle(
        srv.deps.store,
        { surveyConfigs: [{ surveyId: 'papers', surveyTitle: '書類', surveySchema: [{ itemKey: 'docs', type: 'secureFiles', title: '書類' }] }] },
        'fixture',
      );
      owner = await srv.token('U-logs');
    });
    afterAll(async () => {
      await srv?.stop();
    });

    it('logs the grant, not the token, for an upload, a download and a refusal', async () => {
      const made = await srv.api('POST', '/survey-resources/secure-files', {
        token: owner,
        body: { files: [{ itemKey: 'docs', name: '診断書.pdf', contentType: 'application/pdf', size: cleanPdf.length }] },
      });
      const { id, url } = made.json.data[0] as { id: string; url: string };
      expect((await srv.fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(cleanPdf) })).status).toBe(200);
      for (let i = 0; i < 500; i++) {
        await srv.deps.files.pipeline?.kick();
        const s = await srv.api('POST', '/survey-resources/secure-files/status', { token: owner, body: { ids: [id] } });
        if ((s.json.data as { fileData: { status: string } }[])[0]?.fileData.status === 'Completed') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const link = await srv.api('POST', '/survey-results/download-secure-file', { token: owner, body: { surveyId: 'papers', itemKey: 'docs', fileId: id } });
      const downloadUrl = link.json.data.url as string;
      expect((await srv.fetch(downloadUrl)).status).toBe(200);
      expect((await srv.fetch(`${downloadUrl}x`)).status).toBe(404);

      const tokens = [url, downloadUrl].map((u) => new URL(u, srv.url).pathname.split('/').pop() as string);
      const text = lines.map((l) => JSON.stringify(l)).join('\n');
      for (const t of tokens) expect(text).not.toContain(t.slice(0, 24));
      const transfers = lines.filter((l) => l.msg === 'request' && String(l['path']).startsWith('/survey/api/v1/files/'));
      expect(transfers.map((l) => [l['method'], l['path'], l['grant'] ?? null])).toEqual([
        ['PUT', '/survey/api/v1/files/…', id],
        ['GET', '/survey/api/v1/files/…', id],
        ['GET', '/survey/api/v1/files/…', null],
      ]);
    });
  });
}

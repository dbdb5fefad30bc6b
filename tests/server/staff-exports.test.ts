/**
 * Exports of a form's answers (server/routes/staff-exports.ts) on both engines: CSV with a BOM
 * parsed back (quoting, neutralised formulas, checkbox rows joined, a reservation as its date,
 * time and categories), Shift_JIS decoded back, an Excel workbook read back with exceljs, the
 * list's filter and columns honoured, teams and roles checked, and an audit row per export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { STAFF_PREFIX } from '@core/contract/define';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn } from './staff-fixture';
import { importBundle } from '../../server/forms/import';
import { bundle as clinic, value } from './reservation-fixture';

const item = (itemKey: string, type: string, extra: Record<string, unknown> = {}) => ({ itemKey, type, title: `題 ${itemKey}`, ...extra });

const form = {
  surveyId: 'soudan',
  surveyTitle: '健康/相談',
  isAppending: { value: true },
  surveySchema: [
    item('yoyaku', 'reservation'),
    item('name', 'text', { isSearchable: { value: true } }),
    item('topics', 'checkboxes', { options: ['子育て', '福祉', '防災'] }),
    item('memo', 'textarea'),
  ],
};

/** RFC 4180 as Excel writes it: quoted fields with doubled quotes, CRLF between records. */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += ch;
  }
  return rows;
};

describe.each(engines())('answer exports (%s)', (engine) => {
  let srv: TestServer;
  let operator: string;
  const keys: string[] = [];

  const put = async (userId: string, values: Record<string, string | string[]>) => {
    const data = Object.entries(values).flatMap(([itemKey, v]) => (Array.isArray(v) ? v : [v]).map((value) => ({ surveyId: 'soudan', itemKey, value })));
    const r = await srv.api('POST', '/survey-results/putItem', { token: await srv.token(userId), body: { data } });
    expect(r.status, r.text).toBe(200);
    return r.json.partitionKey as string;
  };
  const download = async (query: string, cookie = operator) => {
    const res = await fetch(`${srv.url}${STAFF_PREFIX}/forms/soudan/answers/export${query}`, { headers: { cookie } });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, { ...clinic(), surveyConfigs: [form, { surveyId: 'other', surveyTitle: '他課', surveySchema: [item('name', 'text')] }] }, 'fixture');
    await giveTeam(srv.deps.store, '健康課', 'survey', ['soudan']);
    await giveTeam(srv.deps.store, '別課', 'survey', ['other']);
    keys.push(await put('U-1', { yoyaku: value('naika-b', 'v1', 2, '1'), name: '山田 花子', topics: ['子育て', '福祉'], memo: '電話は"午前"に、お願いします\n二行目' }));
    keys.push(await put('U-2', { name: '=HYPERLINK("http://evil.example")', memo: '@SUM(A1)' }));
    keys.push(await put('U-3', { name: '髙橋 𠮷子', memo: '-5' }));
    await srv.deps.store.db.updateTable('survey_results').set({ check_status: '対応中' }).where('partition_key', '=', keys[2] as string).execute();
    operator = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['健康課'] }));
  });
  afterAll(async () => srv?.stop());

  it('CSV: UTF-8 with a BOM, the fixed columns and the chosen items, quoted and neutralised', async () => {
    const res = await download('?col=yoyaku&col=name&col=topics&col=memo');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('健康相談_回答_')}`);
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(res.bytes.toString('utf8').slice(1));
    expect(rows[0]).toEqual(['受付番号', '状態', '受付日時', '題 yoyaku', '題 name', '題 topics', '題 memo']);
    expect(rows).toHaveLength(4);
    const [first, second, third] = rows.slice(1) as string[][];
    expect(first?.[1]).toBe('未対応');
    expect(first?.[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first?.[3]).toContain(value('naika-b', 'v1', 2, '1').split('|')[1] as string);
    expect(first?.[3]).toContain('09:00–10:00');
    expect(first?.[3]).toContain('内科');
    expect(first?.slice(4)).toEqual(['山田 花子', '子育て、福祉', '電話は"午前"に、お願いします\n二行目']);
    expect(second?.slice(4)).toEqual(["'=HYPERLINK(\"http://evil.example\")", '', "'@SUM(A1)"]);
    expect(third?.[1]).toBe('対応中');
    expect(third?.slice(4)).toEqual(['髙橋 𠮷子', '', "'-5"]);
  });

  it('honours the list’s filter: only the answers in 対応中', async () => {
    const res = await download(`?status=${encodeURIComponent('対応中')}&col=name`);
    const rows = parseCsv(res.bytes.toString('utf8').slice(1));
    expect(rows.map((r) => r[3])).toEqual(['題 name', '髙橋 𠮷子']);
  });

  it('Shift_JIS (Windows-31J): no BOM, decoded back; a character it lacks becomes ?', async () => {
    const res = await download('?format=csv-sjis&col=name');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=shift_jis');
    expect(res.bytes[0]).not.toBe(0xef);
    const rows = parseCsv(iconv.decode(res.bytes, 'cp932'));
    expect(rows[0]).toEqual(['受付番号', '状態', '受付日時', '題 name']);
    expect(rows.map((r) => r[3])).toEqual(['題 name', '山田 花子', "'=HYPERLINK(\"http://evil.example\")", '髙橋 ?子']);
  });

  it('Excel: a workbook exceljs reads back, every cell text', async () => {
    const res = await download('?format=xlsx&col=name&col=topics');
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('回答');
    const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(rows[0]).toEqual(['受付番号', '状態', '受付日時', '題 name', '題 topics']);
    expect(rows).toHaveLength(4);
    expect(rows[1]?.slice(3)).toEqual(['山田 花子', '子育て、福祉']);
    // Text, never a formula: the cell holds the characters typed.
    expect(rows[2]?.[3]).toBe('=HYPERLINK("http://evil.example")');
  });

  it('each export leaves an audit row with the filter, format and columns', async () => {
    await download(`?format=xlsx&status=${encodeURIComponent('未対応')}&col=name`);
    const row = await srv.deps.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'answer.export').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    const detail = JSON.parse(row.detail_json as string) as Record<string, unknown>;
    expect(detail).toMatchObject({ surveyId: 'soudan', format: 'xlsx', columns: ['name'] });
    expect(JSON.stringify(detail['filter'])).toContain('未対応');
  });

  it('refuses another team’s staff and a guest; an unknown format is 400', async () => {
    const other = await signIn(srv, await makeStaff(srv.deps.store, { role: 'operator', teams: ['別課'] }));
    expect((await download('', other)).status).toBe(403);
    const guest = await signIn(srv, await makeStaff(srv.deps.store, { role: 'guest', teams: ['健康課'] }));
    expect((await download('', guest)).status).toBe(403);
    expect((await download('?format=pdf')).status).toBe(400);
    expect((await fetch(`${srv.url}${STAFF_PREFIX}/forms/soudan/answers/export`)).status).toBe(401);
  });
});

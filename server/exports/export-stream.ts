/**
 * An export as a byte stream, pulled by the HTTP response: each pull turns the next batch of rows
 * into bytes, so at most a batch is in memory however many answers the form has. CSV is UTF-8
 * with a BOM, or Windows-31J (Excel's Shift_JIS; a character it lacks, such as 𠮷 or an emoji,
 * becomes ?); XLSX is exceljs's streaming writer, paused while the response has not taken its bytes.
 */
import { PassThrough, Readable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { ExportFormat } from '@core/contract/staff-exports';
import { jaExport } from '@core/ja/export';
import { csvLine } from './cells';

type Rows = AsyncIterator<string[][]>;

const BOM = '\uFEFF';
const encoder = new TextEncoder();

const csvStream = (header: string[], rows: Rows, sjis: boolean): ReadableStream<Uint8Array> => {
  const encode = (s: string): Uint8Array => (sjis ? new Uint8Array(iconv.encode(s, 'cp932')) : encoder.encode(s));
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encode(`${sjis ? '' : BOM}${csvLine(header)}`));
    },
    async pull(controller) {
      const next = await rows.next();
      if (next.done) return controller.close();
      let text = '';
      for (const row of next.value) text += csvLine(row);
      controller.enqueue(encode(text));
    },
    async cancel() {
      await rows.return?.(undefined);
    },
  });
};

/** A writable of Node's streams or of the readable-stream copy archiver bundles (no writableNeedDrain). */
interface AnyWritable {
  writableNeedDrain?: boolean;
  _writableState?: { needDrain?: boolean };
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * Waits while the zip has not taken the sheet's rows in: exceljs writes each committed row into
 * the stream archiver reads the sheet from without heeding its answer, so when deflating is
 * slower than making rows, the rows pile up there (+320 MB RSS for 200,000 answers of 20 items).
 * That stream (archiver's PassThrough behind the sheet's StreamBuf) is reached through exceljs's
 * internals, checked here so an upgrade that moves them waits for nothing rather than fails.
 */
const zipCaughtUp = async (sheet: ExcelJS.Worksheet): Promise<void> => {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  if (!Array.isArray(pipes)) return;
  for (const p of pipes as AnyWritable[]) {
    if (p.writableNeedDrain === true || p._writableState?.needDrain === true) await new Promise<void>((resolve) => p.once('drain', resolve));
  }
};

const xlsxStream = (header: string[], rows: Rows): ReadableStream<Uint8Array> => {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet(jaExport.sheet);
  void (async () => {
    try {
      sheet.addRow(header).commit();
      for (let next = await rows.next(); !next.done; next = await rows.next()) {
        // Every cell a string: Excel shows it as text and never evaluates it.
        for (const row of next.value) sheet.addRow(row).commit();
        await zipCaughtUp(sheet);
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      sheet.commit();
      await book.commit();
    } catch (e) {
      out.destroy(e as Error);
    }
  })();
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
};

export const exportStream = (format: ExportFormat, header: string[], rows: Rows): ReadableStream<Uint8Array> =>
  format === 'xlsx' ? xlsxStream(header, rows) : csvStream(header, rows, format === 'csv-sjis');

/**
 * GET /forms/:surveyId/answers/export: the answers list's filter and columns as a file
 * (core/contract/staff-exports.ts), streamed from keyset batches (iterateAnswers).
 */
import { Temporal } from 'temporal-polyfill';
import { EXPORT_MEDIA_TYPES, staffAnswersExport, type ExportFormat } from '@core/contract/staff-exports';
import { TOKYO } from '@core/rules/cancel-deadline';
import { jaExport } from '@core/ja/export';
import { refuse } from '@core/refusals';
import type { RouteContext } from '../route-context';
import type { Store } from '../store/open';
import { findSurveyConfig } from '../store/configs';
import { requireReach } from '../staff/reach';
import { clientAddressOf } from '../staff/guard';
import { recordAudit } from '../audit/record';
import { filterDetail, filterOfQuery } from '../answers/answer-filter';
import { iterateAnswers } from '../answers/answer-list';
import { placeReader } from '../answers/answer-display';
import { columnsOf, listItemsOf } from '../answers/answer-columns';
import { exportHeader, exportRows } from '../exports/export-table';
import { exportStream } from '../exports/export-stream';

/** Answers read per batch of a narrowed export (heads, then their rows): one chunk of the file. */
const BATCH = 1000;
/** Answers made into cells between two turns of the event loop. */
const TURN = 200;
/**
 * Rows read per batch of an unnarrowed one: about 250 answers of a 20-item form. A smaller batch
 * holds less while the response waits; the peak RSS follows GC timing (bench export).
 */
const BATCH_ROWS = 5_000;

const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', 'csv-sjis': 'csv', xlsx: 'xlsx' };

/** `<title>_回答_YYYYMMDD-HHmm.<ext>`, the title stripped of what a file name cannot hold. */
const fileNameOf = (title: string, format: ExportFormat): string => {
  const now = Temporal.Now.zonedDateTimeISO(TOKYO);
  const stamp = `${now.toPlainDate().toString().replaceAll('-', '')}-${String(now.hour).padStart(2, '0')}${String(now.minute).padStart(2, '0')}`;
  const safe = title.replace(/[\\/:*?"<>|\p{Cc}]/gu, '').slice(0, 80) || 'form';
  return `${safe}_${jaExport.fileName}_${stamp}.${EXTENSIONS[format]}`;
};

const dispositionOf = (name: string): string => `attachment; filename="answers.${name.split('.').pop() ?? 'csv'}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const registerStaffExportRoutes = (ctx: RouteContext, store: Store): void => {
  const { config } = ctx.deps;

  ctx.route(staffAnswersExport, async ({ staff, params, query, c }) => {
    await requireReach(store, staff, 'survey', params.surveyId);
    const found = await findSurveyConfig(store.db, params.surveyId);
    if (!found) throw refuse('survey_not_found');
    const cfg = found;
    const format = query.format ?? 'csv';
    const items = listItemsOf(cfg);
    const columns = columnsOf(items, query.col);
    const filter = filterOfQuery(cfg, query);
    const order = query.order ?? 'oldest';
    // Written before the first byte, so an export that fails or is cut off midway is on record too.
    await store.write((trx) =>
      recordAudit(trx, {
        action: 'answer.export',
        actor: { kind: 'staff', id: staff.id },
        from: { ip: clientAddressOf(c, config.trustProxy), userAgent: c.req.header('user-agent')?.slice(0, 300) },
        targets: { kind: 'form', ids: [cfg.surveyId] },
        detail: { surveyId: cfg.surveyId, filter: filterDetail(filter), order, format, columns },
      }),
    );
    const rowOf = exportRows(cfg, columns, placeReader(store.db));
    async function* rows() {
      for await (const batch of iterateAnswers(store.db, cfg, filter, { order, answers: BATCH, rows: BATCH_ROWS })) {
        const out: string[][] = [];
        for (let i = 0; i < batch.length; i++) {
          out.push(await rowOf(batch[i] as (typeof batch)[number]));
          // A turn of the event loop now and then: the next batch's read, already sent, comes in meanwhile.
          if (i % TURN === TURN - 1) await new Promise<void>((resolve) => setImmediate(resolve));
        }
        yield out;
      }
    }
    return new Response(exportStream(format, exportHeader(items, columns), rows()), {
      headers: {
        'Content-Type': EXPORT_MEDIA_TYPES[format],
        'Content-Disposition': dispositionOf(fileNameOf(cfg.surveyTitle, format)),
        'Cache-Control': 'no-store',
      },
    });
  });
};

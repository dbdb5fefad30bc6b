/**
 * The console's answers of a form (core/contract/staff-answers.ts): the list, one answer's page
 * and a file it names. Each is a read of personal data: every request leaves its audit row
 * (answer.list with the filter and the partition keys listed, answer.read, answer.file), in a
 * transaction of its own once the read has succeeded.
 */
import type { Context } from 'hono';
import { staffAnswerFile, staffFormAnswer, staffFormAnswers } from '@core/contract/staff-answers';
import type { SecureFileStatus } from '@core/contract/files';
import { refuse } from '@core/refusals';
import type { RouteContext } from '../route-context';
import type { Store } from '../store/open';
import { findSurveyConfig } from '../store/configs';
import { findFile } from '../store/files';
import { requireReach } from '../staff/reach';
import { clientAddressOf } from '../staff/guard';
import type { StaffPrincipal } from '../staff/session';
import { recordAudit, type AuditEntry } from '../audit/record';
import { fileUrl } from '../files';
import { filterDetail, filterOfQuery } from '../answers/answer-filter';
import { answerPage, columnValues, decodeCursor, encodeCursor, findAnswer } from '../answers/answer-list';
import { placeReader } from '../answers/answer-display';
import { answerPageOf } from '../answers/answer-page';
import { columnsOf, listItemsOf } from '../answers/answer-columns';
import { findStayAnswer } from '../answers/stay-answer';
import { refusalOf } from './files';

const PAGE = 50;

export const registerStaffAnswerRoutes = (ctx: RouteContext, store: Store): void => {
  const { config, files } = ctx.deps;
  const audit = (c: Context, staff: StaffPrincipal, entry: Omit<AuditEntry, 'actor' | 'from'>) =>
    store.write((trx) =>
      recordAudit(trx, { ...entry, actor: { kind: 'staff', id: staff.id }, from: { ip: clientAddressOf(c, config.trustProxy), userAgent: c.req.header('user-agent')?.slice(0, 300) } }),
    );

  const formOf = async (staff: StaffPrincipal, surveyId: string) => {
    await requireReach(store, staff, 'survey', surveyId);
    const cfg = await findSurveyConfig(store.db, surveyId);
    if (!cfg) throw refuse('survey_not_found');
    return cfg;
  };

  const answerOf = async (staff: StaffPrincipal, surveyId: string, partitionKey: string) => {
    const cfg = await formOf(staff, surveyId);
    // A bed form's answers are its stays (their own table).
    const answer = (await findAnswer(store.db, cfg.surveyId, partitionKey)) ?? (await findStayAnswer(store.db, cfg.surveyId, partitionKey));
    if (!answer) throw refuse('result_not_found');
    return { cfg, answer };
  };

  ctx.route(staffFormAnswers, async ({ staff, params, query, c }) => {
    const cfg = await formOf(staff, params.surveyId);
    const items = listItemsOf(cfg);
    const columns = columnsOf(items, query.col);
    const filter = filterOfQuery(cfg, query);
    const order = query.order ?? 'newest';
    const page = await answerPage(store.db, cfg, filter, { order, after: decodeCursor(order, query.cursor), limit: query.limit ?? PAGE });
    const places = placeReader(store.db);
    const answers = [];
    for (const a of page.answers) {
      answers.push({ partitionKey: a.partitionKey, answerCode: a.answerCode, status: a.status, createdAt: a.createdAt, updatedAt: a.updatedAt, values: await columnValues(cfg, a, columns, places) });
    }
    await audit(c, staff, {
      action: 'answer.list',
      targets: { kind: 'answer', ids: answers.map((a) => a.partitionKey) },
      detail: { surveyId: cfg.surveyId, filter: filterDetail(filter), order, cursor: query.cursor ?? null, columns },
    });
    return { result: 'OK' as const, data: { title: cfg.surveyTitle, items, columns, answers, next: page.next ? encodeCursor(order, page.next) : null } };
  });

  ctx.route(staffFormAnswer, async ({ staff, params, c }) => {
    const { cfg, answer } = await answerOf(staff, params.surveyId, params.partitionKey);
    const data = await answerPageOf(store.db, cfg, answer);
    await audit(c, staff, { action: 'answer.read', targets: { kind: 'answer', ids: [answer.partitionKey] }, detail: { surveyId: cfg.surveyId } });
    return { result: 'OK' as const, data };
  });

  ctx.route(staffAnswerFile, async ({ staff, params, c }) => {
    const { cfg, answer } = await answerOf(staff, params.surveyId, params.partitionKey);
    // The owner check, for staff: the file is the answer's resident's and the answer names it.
    const row = await findFile(store.db, params.fileId);
    const named = answer.rows.some((r) => r.value === params.fileId || r.value.startsWith(`${params.fileId}#`));
    if (!row || row.user_id !== answer.userId || !named) throw refuse('file_not_found');
    const refusal = refusalOf(row.status as SecureFileStatus);
    if (refusal) throw refusal;
    const url = fileUrl(files, { p: row.kind === 'secure' ? 'get' : 'view', f: row.file_id, u: row.user_id });
    await audit(c, staff, { action: 'answer.file', targets: { kind: 'answer', ids: [answer.partitionKey] }, detail: { surveyId: cfg.surveyId, fileId: row.file_id } });
    return { result: 'OK' as const, data: { url } };
  });
};

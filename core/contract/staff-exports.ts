/**
 * Exports of a form's answers (issue 57): the answers list's filter and chosen columns, streamed as
 * CSV (UTF-8 with a BOM, or Shift_JIS — Windows-31J, what Excel on Japanese Windows reads) or as an
 * Excel workbook. A download, not JSON: `response` is the refusal's schema.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { errorAnswerSchema } from './envelope';
import { answerListQuerySchema } from './staff-answers';

export const EXPORT_FORMATS = ['csv', 'csv-sjis', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  'csv-sjis': 'text/csv; charset=shift_jis',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const staffAnswersExport = defineEndpoint({
  method: 'GET',
  path: '/forms/:surveyId/answers/export',
  api: 'staff',
  auth: 'staff',
  staffAction: 'export',
  params: z.object({ surveyId: z.string().check(z.minLength(1), z.maxLength(200)) }),
  query: z.extend(z.omit(answerListQuerySchema, { cursor: true, limit: true }), { format: z.optional(z.enum(EXPORT_FORMATS)) }),
  file: Object.values(EXPORT_MEDIA_TYPES),
  response: errorAnswerSchema,
});

/**
 * The answers list's export: the filter applied and the columns shown, as CSV (UTF-8 or Shift_JIS)
 * or Excel. A plain link: the browser downloads it with the staff cookie, streamed by the server.
 * Shown only to roles that may export (core/rules/staff.ts).
 */
import { useState } from 'react';
import { Button, Group, NativeSelect } from '@mantine/core';
import { STAFF_PREFIX } from '@core/contract/define';
import { EXPORT_FORMATS, type ExportFormat } from '@core/contract/staff-exports';
import { canDo, type StaffRole } from '@core/rules/staff';
import { jaConsole } from '../../../messages/ja-console';
import { answersQueryOf, type AnswersFilter } from '../answers/answer-queries';

const t = jaConsole.export;

export const exportHref = (surveyId: string, filter: AnswersFilter, columns: string[], format: ExportFormat): string => {
  const query = new URLSearchParams({ format });
  for (const [key, v] of Object.entries(answersQueryOf(filter, columns, null))) for (const one of Array.isArray(v) ? v : [v]) query.append(key, one);
  return `${STAFF_PREFIX}/forms/${encodeURIComponent(surveyId)}/answers/export?${query.toString()}`;
};

export const ExportLink = ({ surveyId, role, filter, columns }: { surveyId: string; role: StaffRole; filter: AnswersFilter; columns: string[] }) => {
  const [format, setFormat] = useState<ExportFormat>('csv');
  if (!canDo(role, 'export')) return null;
  return (
    <Group gap="xs" align="flex-end" data-testid="answers-export">
      <NativeSelect
        label={t.format}
        size="sm"
        value={format}
        onChange={(e) => setFormat(e.currentTarget.value as ExportFormat)}
        data={EXPORT_FORMATS.map((f) => ({ value: f, label: t.formats[f] }))}
      />
      <Button component="a" size="sm" variant="default" href={exportHref(surveyId, filter, columns, format)} download>
        {t.download}
      </Button>
    </Group>
  );
};

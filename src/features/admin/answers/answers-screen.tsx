/**
 * /admin/forms/$surveyId: a form's answers, paged by cursor on the server (次へ / 前へ), with the
 * filters bar and the column chooser; each answer opens its page. Roles that may handle answers
 * tick rows (or the whole filtered set) and change their status together. The grid is
 * mantine-datatable, whose stylesheet loads with this chunk only.
 */
import 'mantine-datatable/styles.css';
import type { CSSProperties } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { AnswerFilters, ColumnChooser } from './answer-filters';
import { StatusChip } from '../status/status-chip';
import { useAnswers } from './use-answers';
import { ExportLink } from '../export/export-link';
import { canDo } from '@core/rules/staff';
import { BulkStatusBar } from '../status/bulk-status-bar';
import { useBulkStatus } from '../status/use-bulk-status';

const t = jaConsole.answers;
type Row = NonNullable<ReturnType<typeof useAnswers>['answers']['data']>['answers'][number];

const received = (iso: string) => new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'short', timeStyle: 'short' });

export function AnswersPage() {
  const { surveyId } = useParams({ from: '/admin/forms/$surveyId' });
  const me = useStaffMe();
  const list = useAnswers(surveyId);
  const bulk = useBulkStatus(surveyId, list.applied);
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: `/admin/forms/${encodeURIComponent(surveyId)}` }} replace />;
  const data = list.answers.data;
  const records = data?.answers ?? [];
  const handles = canDo(me.data.role, 'handle');
  const titles = new Map((data?.items ?? []).map((i) => [i.itemKey, i.title]));
  const columns: DataTableColumn<Row>[] = [
    { accessor: 'answerCode', title: t.answerCode, render: (r) => r.answerCode ?? '—' },
    { accessor: 'status', title: t.status, render: (r) => <StatusChip status={r.status} /> },
    { accessor: 'createdAt', title: t.receivedAt, render: (r) => received(r.createdAt) },
    ...list.columns.map((k) => ({ accessor: `values.${k}`, title: titles.get(k) ?? k, render: (r: Row) => <Text size="sm" lineClamp={2}>{r.values[k] ?? ''}</Text> })),
    {
      accessor: 'open',
      title: <VisuallyHidden>{t.open}</VisuallyHidden>,
      render: (r) => (
        <Anchor component={Link} to={`/admin/forms/${encodeURIComponent(surveyId)}/a/${encodeURIComponent(r.partitionKey)}`}>
          {t.open}
        </Anchor>
      ),
    },
  ];
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="sm">
        <Anchor component={Link} to="/admin" size="sm">
          {t.back}
        </Anchor>
        <Title order={1} size="h3">
          {data?.title ?? surveyId}
        </Title>
        {list.answers.error ? <Alert color="red">{list.answers.error.message}</Alert> : null}
        <AnswerFilters draft={list.draft} setDraft={list.setDraft} items={data?.items ?? []} apply={list.apply} clear={list.clear} />
        <ColumnChooser items={data?.items ?? []} columns={list.columns} toggle={list.toggleColumn} />
        <ExportLink surveyId={surveyId} role={me.data.role} filter={list.applied} columns={list.columns} />
        {handles ? <BulkStatusBar bulk={bulk} /> : null}
        <DataTable<Row>
          data-testid="answers-table"
          withTableBorder
          striped
          highlightOnHover
          minHeight={160}
          // A ticked row's tint light enough for its links to keep AA contrast.
          style={{ '--mantine-datatable-selection-color': '#f1f8ff' } as CSSProperties}
          fetching={list.answers.isFetching}
          idAccessor="partitionKey"
          records={records}
          columns={columns}
          {...(handles
            ? {
                selectedRecords: records.filter((r) => bulk.keys.has(r.partitionKey)),
                onSelectedRecordsChange: (ticked: Row[]) => bulk.setPage(records.map((r) => r.partitionKey), ticked.map((r) => r.partitionKey)),
                getRecordSelectionCheckboxProps: (r: Row) => ({ 'aria-label': jaConsole.bulk.row.replace('{code}', r.answerCode ?? r.partitionKey) }),
                allRecordsSelectionCheckboxProps: { 'aria-label': jaConsole.bulk.page },
              }
            : {})}
          noRecordsText={t.none}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" disabled={!list.previous} onClick={() => list.previous?.()}>
            {t.previous}
          </Button>
          <Text size="sm" aria-live="polite">
            {list.pageNumber}
          </Text>
          <Button variant="default" disabled={!list.next} onClick={() => list.next?.()}>
            {t.next}
          </Button>
        </Group>
      </Stack>
    </ConsoleFrame>
  );
}

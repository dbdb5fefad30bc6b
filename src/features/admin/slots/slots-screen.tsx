/**
 * /admin/calendars/$calendarId/slots: a calendar's quotas for staff who configure (member,
 * admin): two weeks at a time, cells and 休業 changed in place or by a weekly rule, saved
 * together under the calendar's version; a slot CSV saved whole. Saves that touch held bookings
 * list them and are saved only when confirmed.
 */
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { Temporal } from 'temporal-polyfill';
import { canDo } from '@core/rules/staff';
import { todayInTokyo } from '@core/ja/date-input';
import { isApiClientError } from '../../../lib/api-error';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { HeldConfirm } from './held-confirm';
import { SlotCsvImport } from './slot-csv-import';
import { SlotGrid } from './slot-grid';
import { useSlotEditor } from './use-slot-editor';
import { WeeklyRule } from './weekly-rule';

const t = jaConsole.slots;

export function SlotsPage() {
  const { calendarId } = useParams({ from: '/admin/calendars/$calendarId/slots' });
  const me = useStaffMe();
  const today = todayInTokyo().toString();
  const editor = useSlotEditor(calendarId, today, Boolean(me.data));
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: `/admin/calendars/${encodeURIComponent(calendarId)}/slots` }} replace />;
  const data = editor.grid.data;
  const to = Temporal.PlainDate.from(editor.from).add({ days: editor.days - 1 }).toString();
  const csvError = isApiClientError(editor.error) && editor.error.code === 'slots_csv_invalid' ? editor.error : null;
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="sm">
        <Anchor component={Link} to="/admin/calendars" size="sm">
          {t.back}
        </Anchor>
        <Title order={1} size="h3">
          {t.heading.replace('{name}', data?.title ?? calendarId)}
        </Title>
        {editor.grid.error ? <Alert color="red">{editor.grid.error.message}</Alert> : null}
        {!canDo(me.data.role, 'configure') ? <Alert color="gray">{t.readOnly}</Alert> : null}
        <Group gap="xs">
          <Button variant="default" onClick={() => editor.shift(-2)}>
            {t.prev}
          </Button>
          <TextInput type="date" aria-label={t.from} value={editor.from} onChange={(e) => /^\d{4}-\d{2}-\d{2}$/.test(e.currentTarget.value) && editor.goTo(e.currentTarget.value)} />
          <Button variant="default" onClick={() => editor.shift(2)}>
            {t.next}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t.help}
        </Text>
        {data ? <SlotGrid editor={editor} /> : <LoadingText />}
        <Group justify="space-between" data-testid="slot-save-bar">
          <Text size="sm" aria-live="polite">
            {t.changed.replace('{count}', String(editor.changes))}
          </Text>
          <Group gap="xs">
            <Button variant="subtle" onClick={editor.discard} disabled={editor.changes === 0}>
              {t.discard}
            </Button>
            <Button onClick={editor.saveGrid} disabled={editor.changes === 0 || !canDo(me.data.role, 'configure')} loading={editor.saving}>
              {t.save}
            </Button>
          </Group>
        </Group>
        {editor.savedCount !== null ? (
          <Alert color="green" role="status">
            {t.saved}
          </Alert>
        ) : null}
        {editor.error && !csvError ? (
          <Alert color="red" role="alert">
            {editor.error.message}
            {editor.stale ? (
              <Button size="xs" variant="default" ml="sm" onClick={editor.reload}>
                {t.reload}
              </Button>
            ) : null}
          </Alert>
        ) : null}
        {data && canDo(me.data.role, 'configure') ? (
          <>
            <WeeklyRule comaList={data.comaList} from={editor.from} to={to} onApply={editor.applyRule} />
            <SlotCsvImport onImport={editor.saveCsv} busy={editor.saving} error={csvError} />
            <HeldConfirm editor={editor} comaList={data.comaList} />
          </>
        ) : null}
      </Stack>
    </ConsoleFrame>
  );
}

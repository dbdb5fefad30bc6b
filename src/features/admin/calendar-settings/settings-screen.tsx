/**
 * /admin/calendars/$calendarId/settings: a calendar's own settings for staff who configure
 * (member, admin): its comas, its booking rules and 受付停止, saved together under the calendar's
 * version (the one its slots are saved under). Others read them.
 */
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { canDo } from '@core/rules/staff';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { ComaTable } from './coma-table';
import { HeldComas } from './held-comas';
import { RuleFields } from './rule-fields';
import { ReminderRows } from '../line-messages/reminder-rows';
import { useSettingsEditor } from './use-settings-editor';

const t = jaConsole.calendarSettings;

export function CalendarSettingsPage() {
  const { calendarId } = useParams({ from: '/admin/calendars/$calendarId/settings' });
  const me = useStaffMe();
  const editor = useSettingsEditor(calendarId, Boolean(me.data));
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: `/admin/calendars/${encodeURIComponent(calendarId)}/settings` }} replace />;
  const readOnly = !canDo(me.data.role, 'configure');
  const data = editor.read.data;
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="sm">
        <Anchor component={Link} to="/admin/calendars" size="sm">
          {t.back}
        </Anchor>
        <Title order={1} size="h3">
          {t.heading.replace('{name}', data?.settings.calendarName ?? calendarId)}
        </Title>
        {editor.read.error ? <Alert color="red">{editor.read.error.message}</Alert> : null}
        {readOnly ? <Alert color="gray">{t.readOnly}</Alert> : null}
        {editor.draft ? (
          <>
            <Title order={2} size="h5">
              {t.comas}
            </Title>
            <ComaTable editor={editor} readOnly={readOnly} />
            <Title order={2} size="h5">
              {t.rules}
            </Title>
            <RuleFields editor={editor} readOnly={readOnly} />
            <Title order={2} size="h5">
              {jaConsole.lineMessages.reminders}
            </Title>
            <Text size="xs" c="dimmed">
              {jaConsole.lineMessages.calendarRemindersHelp}
            </Text>
            <ReminderRows rows={editor.draft.reminders} readOnly={readOnly} onChange={(reminders) => editor.edit({ reminders })} />
          </>
        ) : (
          <LoadingText />
        )}
        {readOnly ? null : (
          <Group justify="flex-end" gap="xs" data-testid="settings-save-bar">
            <Button variant="subtle" onClick={editor.discard} disabled={!editor.changes}>
              {t.discard}
            </Button>
            <Button onClick={editor.save} disabled={!editor.changes || !editor.valid} loading={editor.saving}>
              {t.save}
            </Button>
          </Group>
        )}
        {editor.saved ? (
          <Alert color="green" role="status">
            {t.saved}
          </Alert>
        ) : null}
        {editor.error ? (
          <Alert color="red" role="alert" title={editor.problems.length > 0 ? t.problems : undefined} data-testid="settings-error">
            {editor.problems.length > 0
              ? editor.problems.map((p) => (
                  <Text size="sm" key={`${p.path}${p.message}`}>
                    {p.message}
                  </Text>
                ))
              : editor.error.message}
            {editor.stale ? (
              <Button size="xs" variant="default" ml="sm" onClick={editor.reload}>
                {t.reload}
              </Button>
            ) : null}
          </Alert>
        ) : null}
        <HeldComas editor={editor} />
      </Stack>
    </ConsoleFrame>
  );
}

/**
 * /admin/bed-wards/$surveyId/settings: a bed ward's booking rule, beds and bed counts for staff who
 * configure (member, admin), saved under the ward's version; nights set below their stays are
 * shown and saved only when confirmed. Others read them.
 */
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { canDo } from '@core/rules/staff';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { BedHeldConfirm } from './bed-held-confirm';
import { BedList } from './bed-list';
import { BedRanges } from './bed-ranges';
import { useBedConfig } from './use-bed-config';

const t = jaConsole.bedConfig;

export function BedConfigPage() {
  const { surveyId } = useParams({ from: '/admin/bed-wards/$surveyId/settings' });
  const me = useStaffMe();
  const editor = useBedConfig(surveyId, Boolean(me.data));
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: `/admin/bed-wards/${encodeURIComponent(surveyId)}/settings` }} replace />;
  const readOnly = !canDo(me.data.role, 'configure');
  const data = editor.read.data;
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="sm">
        <Anchor component={Link} to="/admin/bed-wards" size="sm">
          {t.back}
        </Anchor>
        <Title order={1} size="h3">
          {t.heading.replace('{name}', data?.title ?? surveyId)}
        </Title>
        {editor.read.error ? <Alert color="red">{editor.read.error.message}</Alert> : null}
        {readOnly ? <Alert color="gray">{t.readOnly}</Alert> : null}
        {data ? (
          <>
            <Title order={2} size="h5">
              {t.rules}
            </Title>
            <SimpleGrid cols={2}>
              <TextInput label={t.possibleStart} inputMode="numeric" readOnly={readOnly} value={editor.rules.possibleStart} error={editor.invalid(editor.rules.possibleStart) ? t.notNumber : undefined} onChange={(e) => editor.setRule('possibleStart', e.currentTarget.value)} />
              <TextInput label={t.cancelLimit} inputMode="numeric" readOnly={readOnly} value={editor.rules.cancelLimit} error={editor.invalid(editor.rules.cancelLimit) ? t.notNumber : undefined} onChange={(e) => editor.setRule('cancelLimit', e.currentTarget.value)} />
            </SimpleGrid>
            <BedList beds={editor.beds} readOnly={readOnly} />
            <BedRanges editor={editor} readOnly={readOnly} />
          </>
        ) : (
          <LoadingText />
        )}
        {readOnly ? null : (
          <Group justify="flex-end">
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
          <Alert color="red" role="alert" title={editor.problems.length > 0 ? t.problems : undefined} data-testid="bed-config-error">
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
        <BedHeldConfirm editor={editor} />
      </Stack>
    </ConsoleFrame>
  );
}

/**
 * /admin/members/$surveyId/config: a member form's config and its numbering (spec 02 §3), for
 * staff who configure (member, admin) of its teams; others read it. lastResultNumber may be raised
 * and never lowered (the server refuses it in its words); the rest of the config is the bundle's
 * JSON, saved with the importer's checks, whose problems are listed by field.
 */
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { automaticNumber } from '@core/rules/member-number';
import { canDo } from '@core/rules/staff';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { useMemberConfig } from './use-member-config';

const t = jaConsole.memberConfig;

export function MemberConfigPage() {
  const { surveyId } = useParams({ from: '/admin/members/$surveyId/config' });
  const me = useStaffMe();
  const m = useMemberConfig(surveyId, Boolean(me.data));
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: `/admin/members/${encodeURIComponent(surveyId)}/config` }} replace />;
  const data = m.read.data;
  const may = canDo(me.data.role, 'configure');
  const prefix = data ? ((data.config['memberSurveySubId'] ?? data.config['surveySubId']) as string | undefined) : undefined;
  const next = m.lastResultNumber === null || !data ? null : automaticNumber(prefix, Math.max(m.lastResultNumber, data.lastGiven ?? 0) + 1);
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="md">
        <Anchor component={Link} to="/admin/members" size="sm">
          {t.back}
        </Anchor>
        <Title order={1} size="h3">
          {fill(t.heading, { name: data?.title ?? surveyId })}
        </Title>
        {m.read.error ? <Alert color="red">{m.read.error.message}</Alert> : null}
        {!may ? <Alert color="gray">{t.readOnly}</Alert> : null}
        {!data ? (
          <LoadingText />
        ) : (
          <>
            <Paper withBorder p="md" maw={640}>
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t.numbering}
                </Title>
                <TextInput
                  label={t.lastResultNumber}
                  description={fill(t.lastResultHint, { floor: data.floor })}
                  inputMode="numeric"
                  value={m.number}
                  onChange={(e) => m.setNumber(e.currentTarget.value)}
                  readOnly={!may}
                  w={320}
                />
                <Text size="sm">
                  {t.lastGiven}: <span data-testid="member-last-given">{data.lastGiven ?? t.none}</span>
                </Text>
                <Text size="sm">
                  {t.next}: <span data-testid="member-next-number">{next ?? '—'}</span>
                </Text>
              </Stack>
            </Paper>
            <Textarea label={t.config} description={t.configHint} value={m.text} onChange={(e) => m.setText(e.currentTarget.value)} autosize minRows={8} maxRows={24} ff="monospace" readOnly={!may} error={m.config ? undefined : t.badJson} />
            {m.save.error ? (
              <Alert color="red" role="alert">
                {m.save.error.message}
                {m.issues.map((i) => (
                  <Text key={`${i.path}:${i.message}`} size="sm">
                    {i.path}：{i.message}
                  </Text>
                ))}
                {m.stale ? (
                  <Button size="xs" variant="default" ml="sm" onClick={m.reload}>
                    {t.reload}
                  </Button>
                ) : null}
              </Alert>
            ) : null}
            {m.save.isSuccess ? (
              <Alert color="green" role="status">
                {t.saved}
              </Alert>
            ) : null}
            {may ? (
              <Group>
                <Button onClick={m.send} disabled={!m.config || m.lastResultNumber === null} loading={m.save.isPending}>
                  {t.save}
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </ConsoleFrame>
  );
}

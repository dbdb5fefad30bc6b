/**
 * /admin/members/$surveyId?q=…: a member form's records, searched by member number, name or phone
 * (or any answer: the server reads what was typed as the member search does — width, spaces,
 * hyphens, +81), fifty a page by cursor (次へ / 前へ); each record opens its page.
 */
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, Navigate } from '@tanstack/react-router';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { MembersTable } from './members-table';
import { useMembersPage } from './use-members-page';

const t = jaConsole.members;

export function MembersPage() {
  const p = useMembersPage();
  if (p.me.isPending) return <LoadingText />;
  if (!p.me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: `/admin/members/${encodeURIComponent(p.surveyId)}${p.q ? `?q=${encodeURIComponent(p.q)}` : ''}` }} replace />;
  const data = p.list.data;
  return (
    <ConsoleFrame me={p.me.data}>
      <Stack gap="sm">
        <Anchor component={Link} to="/admin/members" size="sm">
          {t.back}
        </Anchor>
        <Title order={1} size="h3">
          {data?.title ?? p.surveyId}
        </Title>
        <Paper withBorder p="sm" component="form" role="search" aria-label={t.searchForm} onSubmit={(e) => { e.preventDefault(); p.search(); }}>
          <Group gap="xs" align="flex-end">
            <TextInput
              label={t.search}
              description={t.searchHint}
              value={p.draft}
              onChange={(e) => p.setDraft(e.currentTarget.value)}
              maxLength={200}
              w={360}
              data-testid="members-search"
            />
            <Button type="submit">{t.submit}</Button>
            <Button variant="default" onClick={p.clear}>
              {t.clear}
            </Button>
          </Group>
        </Paper>
        {p.list.error ? (
          <Alert color="red" variant="light" role="alert">
            {p.list.error.message}
          </Alert>
        ) : null}
        {!data && p.list.isPending ? <LoadingText /> : null}
        {data ? <MembersTable surveyId={p.surveyId} q={p.q} page={data} busy={p.list.isFetching} /> : null}
        {data?.members.length === 0 ? (
          <Text size="sm" data-testid="members-none">
            {p.q ? t.none : t.noneYet}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" disabled={!p.previous} onClick={() => p.previous?.()}>
            {t.previous}
          </Button>
          <Text size="sm" aria-live="polite" data-testid="members-page">
            {fill(t.page, { n: p.pageNumber })}
          </Text>
          <Button variant="default" disabled={!p.next} onClick={() => p.next?.()}>
            {t.next}
          </Button>
        </Group>
      </Stack>
    </ConsoleFrame>
  );
}

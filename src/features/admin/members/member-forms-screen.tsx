/**
 * /admin/members: the member forms of the person's teams (every one for an admin) with how many
 * records each holds, each opening its members.
 */
import { Alert, Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link, Navigate } from '@tanstack/react-router';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { useMemberForms } from './member-queries';

const t = jaConsole.memberForms;

export function MemberFormsPage() {
  const me = useStaffMe();
  const forms = useMemberForms(Boolean(me.data));
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: '/admin/members' }} replace />;
  return (
    <ConsoleFrame me={me.data}>
      <Stack>
        <Anchor component={Link} to="/admin" size="sm">
          {jaConsole.answers.back}
        </Anchor>
        <Title order={1} size="h3">
          {t.heading}
        </Title>
        {forms.isPending ? <LoadingText /> : null}
        {forms.error ? (
          <Alert color="red" variant="light" role="alert">
            {forms.error.message}
          </Alert>
        ) : null}
        {forms.data?.length === 0 ? (
          <Alert color="gray" variant="light">
            {t.none}
          </Alert>
        ) : null}
        {forms.data && forms.data.length > 0 ? (
          <Table striped highlightOnHover withTableBorder data-testid="console-member-forms">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.form}</Table.Th>
                <Table.Th>{t.count}</Table.Th>
                <Table.Th>{t.teams}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {forms.data.map((f) => (
                <Table.Tr key={f.surveyId}>
                  <Table.Td>
                    <Anchor fw={500} renderRoot={(props) => <Link {...props} to="/admin/members/$surveyId" params={{ surveyId: f.surveyId }} />}>
                      {f.title}
                    </Anchor>
                    <Text size="xs" c="dark.4">
                      {f.surveyId}
                    </Text>
                  </Table.Td>
                  <Table.Td data-testid="member-count">{f.members.toLocaleString('ja-JP')}</Table.Td>
                  <Table.Td>{f.teams.join('、')}</Table.Td>
                  <Table.Td>
                    <Anchor size="sm" data-testid="member-config-link" renderRoot={(props) => <Link {...props} to="/admin/members/$surveyId/config" params={{ surveyId: f.surveyId }} />}>
                      {jaConsole.memberConfig.open}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </ConsoleFrame>
  );
}

/**
 * /admin/bed-wards: the bed wards of the person's teams (every one for an admin) — a ward is its
 * bed form — each opening its nights, and its settings for staff who configure.
 */
import { Alert, Anchor, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { canDo } from '@core/rules/staff';
import { Link, Navigate } from '@tanstack/react-router';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { useStaffWards } from './ward-queries';

const t = jaConsole.wards;

export function WardsPage() {
  const me = useStaffMe();
  const wards = useStaffWards(Boolean(me.data));
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: '/admin/bed-wards' }} replace />;
  const configures = canDo(me.data.role, 'configure');
  return (
    <ConsoleFrame me={me.data}>
      <Stack>
        <Anchor component={Link} to="/admin" size="sm">
          {jaConsole.answers.back}
        </Anchor>
        <Title order={1} size="h3">
          {t.heading}
        </Title>
        {wards.isPending ? <LoadingText /> : null}
        {wards.error ? (
          <Alert color="red" variant="light" role="alert">
            {wards.error.message}
          </Alert>
        ) : null}
        {wards.data?.length === 0 ? (
          <Alert color="gray" variant="light">
            {t.none}
          </Alert>
        ) : null}
        {wards.data && wards.data.length > 0 ? (
          <Table striped highlightOnHover withTableBorder data-testid="console-wards">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.ward}</Table.Th>
                <Table.Th>{t.beds}</Table.Th>
                <Table.Th>{t.teams}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t.configure}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {wards.data.map((w) => (
                <Table.Tr key={w.surveyId}>
                  <Table.Td>
                    <Anchor fw={500} renderRoot={(props) => <Link {...props} to="/admin/bed-wards/$surveyId" params={{ surveyId: w.surveyId }} />}>
                      {w.title}
                    </Anchor>
                    <Text size="xs" c="dark.4">
                      {w.surveyId}
                    </Text>
                  </Table.Td>
                  <Table.Td>{w.beds}</Table.Td>
                  <Table.Td>{w.teams.join('、')}</Table.Td>
                  <Table.Td>
                    {configures ? (
                      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/bed-wards/$surveyId/settings" params={{ surveyId: w.surveyId }} />}>
                        {t.configure}
                      </Anchor>
                    ) : null}
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

/**
 * /admin: the console's first page, for a signed-in staff member: the ways to the calendars, the
 * wards and the members, the forms of their teams, and 窓口で登録 (admin mode, spec 01 §6) on those
 * they may register on. A bed form leads to its ward, where its stays are. Without a session it
 * goes to the sign-in page and back here after.
 */
import { Alert, Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, Navigate } from '@tanstack/react-router';
import { canDo } from '@core/rules/staff';
import { jaConsole } from '../../messages/ja-console';
import { LoadingText } from '../../ui/loading-text';
import { ConsoleFrame } from './console-frame';
import { useStaffForms, useStaffMe } from './staff-queries';
import { FormCounts } from './form-counts';
import { useFeature } from '../../lib/features';

export function ConsoleHomePage() {
  const me = useStaffMe();
  const forms = useStaffForms(Boolean(me.data));
  // MEMBERS=0 takes the members away (the server refuses their calls all the same).
  const members = useFeature('members');
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: '/admin' }} replace />;
  const configure = canDo(me.data.role, 'configure');
  return (
    <ConsoleFrame me={me.data}>
      <Stack>
        <Title order={1} size="h3">
          {jaConsole.home.heading}
        </Title>
        <Group gap="lg">
          <Anchor component={Link} to="/admin/calendars">
            {jaConsole.home.calendars}
          </Anchor>
          <Anchor component={Link} to="/admin/bed-wards">
            {jaConsole.home.wards}
          </Anchor>
          {members === false ? null : (
            <Anchor component={Link} to="/admin/members">
              {jaConsole.home.members}
            </Anchor>
          )}
          <Anchor component={Link} to="/admin/payments">
            {jaConsole.home.payments}
          </Anchor>
          {canDo(me.data.role, 'configure') ? (
            <Anchor component={Link} to="/admin/kiosks">
              {jaConsole.home.kiosks}
            </Anchor>
          ) : null}
          {canDo(me.data.role, 'configure') ? (
            <Anchor component={Link} to="/admin/products">
              {jaConsole.home.products}
            </Anchor>
          ) : null}
          {canDo(me.data.role, 'manageStaff') ? (
            <Anchor component={Link} to="/admin/staff">
              {jaConsole.home.staff}
            </Anchor>
          ) : null}
        </Group>
        {forms.isPending ? <LoadingText /> : null}
        {forms.data && forms.data.length === 0 ? (
          <Alert color="gray" variant="light">
            {jaConsole.home.none}
          </Alert>
        ) : null}
        {forms.data && forms.data.length > 0 ? (
          <Table striped highlightOnHover withTableBorder data-testid="console-forms">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{jaConsole.home.form}</Table.Th>
                <Table.Th>{jaConsole.home.teams}</Table.Th>
                <Table.Th>{jaConsole.home.counts}</Table.Th>
                <Table.Th>{jaConsole.home.recent}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {forms.data.map((f) => (
                <Table.Tr key={f.surveyId}>
                  <Table.Td>
                    <Anchor component={Link} to={f.ward ? `/admin/bed-wards/${encodeURIComponent(f.surveyId)}` : `/admin/forms/${encodeURIComponent(f.surveyId)}`} fw={500}>
                      {f.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {f.surveyId}
                    </Text>
                  </Table.Td>
                  <Table.Td>{f.teams.join('、')}</Table.Td>
                  <Table.Td>
                    <FormCounts counts={f.counts} />
                  </Table.Td>
                  <Table.Td>{f.counts?.lastSevenDays ?? 0}</Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      {f.canRegister ? (
                        <Anchor href={`/survey/${encodeURIComponent(f.surveyId)}?admin=1`}>{jaConsole.home.register}</Anchor>
                      ) : null}
                      {configure ? (
                        <Anchor
                          component={Link}
                          to={`/admin/forms/${encodeURIComponent(f.surveyId)}/edit`}
                          aria-label={jaConsole.home.editLabel.replace('{name}', f.title)}
                          data-testid={`edit-${f.surveyId}`}
                        >
                          {jaConsole.home.edit}
                        </Anchor>
                      ) : null}
                    </Group>
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

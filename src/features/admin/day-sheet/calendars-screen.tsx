/**
 * /admin/calendars: the calendars of the person's teams (every one for an admin), each with the
 * categories that lead to it, opening its day sheet, and its slots' settings for staff who configure.
 */
import { Alert, Anchor, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { canDo } from '@core/rules/staff';
import { Link, Navigate } from '@tanstack/react-router';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { useStaffCalendars } from './day-sheet-queries';

const t = jaConsole.calendars;

export function CalendarsPage() {
  const me = useStaffMe();
  const calendars = useStaffCalendars(Boolean(me.data));
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: '/admin/calendars' }} replace />;
  const configures = canDo(me.data.role, 'configure');
  return (
    <ConsoleFrame me={me.data}>
      <Stack>
        <Title order={1} size="h3">
          {t.heading}
        </Title>
        {configures ? (
          <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/categories" />}>
            {t.categoryTree}
          </Anchor>
        ) : null}
        {calendars.isPending ? <LoadingText /> : null}
        {calendars.data?.length === 0 ? (
          <Alert color="gray" variant="light">
            {t.none}
          </Alert>
        ) : null}
        {calendars.data && calendars.data.length > 0 ? (
          <Table striped highlightOnHover withTableBorder data-testid="console-calendars">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.calendar}</Table.Th>
                <Table.Th>{t.categories}</Table.Th>
                <Table.Th>{t.teams}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t.configure}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {calendars.data.map((c) => (
                <Table.Tr key={c.calendarId}>
                  <Table.Td>
                    <Anchor fw={500} renderRoot={(props) => <Link {...props} to="/admin/calendars/$calendarId" params={{ calendarId: c.calendarId }} />}>
                      {c.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {c.calendarId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {c.categories.map((path) => (
                      <Text size="sm" key={path.join('/')}>
                        {path.join(' › ')}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td>{c.teams.join('、')}</Table.Td>
                  <Table.Td>
                    {configures ? (
                      <Group gap="sm">
                        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/calendars/$calendarId/slots" params={{ calendarId: c.calendarId }} />}>
                          {t.configure}
                        </Anchor>
                        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/calendars/$calendarId/settings" params={{ calendarId: c.calendarId }} />}>
                          {t.settings}
                        </Anchor>
                      </Group>
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

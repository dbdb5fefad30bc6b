/**
 * /admin/staff, for admins (manageStaff): the staff with their roles, teams and states, adding one
 * (the set-up link shown once), changing a role or teams, disabling; and what each team holds.
 */
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { Link, Navigate } from '@tanstack/react-router';
import { canDo } from '@core/rules/staff';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { AccountAddForm } from './account-add-form';
import { useAccounts } from './account-queries';
import { AccountTable } from './account-table';
import { TeamTable } from './team-table';

const t = jaConsole.staffAdmin;

export function StaffPage() {
  const me = useStaffMe();
  const allowed = Boolean(me.data && canDo(me.data.role, 'manageStaff'));
  const accounts = useAccounts(allowed);
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: '/admin/staff' }} replace />;
  const data = accounts.data;
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="md">
        <Anchor component={Link} to="/admin" size="sm">
          {t.back}
        </Anchor>
        <Title order={1} size="h3">
          {t.heading}
        </Title>
        {!allowed ? <Alert color="gray">{t.notAllowed}</Alert> : null}
        {accounts.error ? <Alert color="red">{accounts.error.message}</Alert> : null}
        {allowed && !data && !accounts.error ? <LoadingText /> : null}
        {data ? (
          <>
            <Title order={2} size="h4">
              {t.add}
            </Title>
            <AccountAddForm />
            <Title order={2} size="h4">
              {t.list}
            </Title>
            <AccountTable staff={data.staff} />
            <Title order={2} size="h4">
              {t.teamList}
            </Title>
            <TeamTable teams={data.teams} choices={{ forms: data.forms, calendars: data.calendars }} />
          </>
        ) : null}
      </Stack>
    </ConsoleFrame>
  );
}

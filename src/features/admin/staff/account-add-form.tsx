/** 職員を追加する: address, name, role and teams; the answer's one-time set-up link is shown once, to pass to the person. */
import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { STAFF_ROLES, type StaffRole } from '@core/rules/staff';
import { STAFF_ROLE_LABELS } from '@core/ja/staff-roles';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { tokyoMinute } from '../members/member-lines';
import { teamsOfText, useAccountAdd } from './account-queries';

const t = jaConsole.staffAdmin;
export const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: STAFF_ROLE_LABELS[r] }));

export function AccountAddForm() {
  const add = useAccountAdd();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('operator');
  const [teams, setTeams] = useState('');
  const send = () =>
    add.mutate({ email: email.trim(), name: name.trim(), role, teams: teamsOfText(teams) }, { onSuccess: () => [setEmail, setName, setTeams].forEach((f) => f('')) });
  return (
    <Stack gap="sm" maw={640} data-testid="staff-add">
      <Group grow align="flex-start">
        <TextInput label={t.email} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required />
        <TextInput label={t.name} value={name} maxLength={100} onChange={(e) => setName(e.currentTarget.value)} required />
      </Group>
      <Group grow align="flex-start">
        <NativeSelect label={t.role} data={ROLE_OPTIONS} value={role} onChange={(e) => setRole(e.currentTarget.value as StaffRole)} />
        <TextInput label={t.teams} description={t.teamsHint} value={teams} onChange={(e) => setTeams(e.currentTarget.value)} />
      </Group>
      <Group>
        <Button onClick={send} disabled={email.trim() === '' || name.trim() === ''} loading={add.isPending}>
          {t.add}
        </Button>
      </Group>
      {add.error ? (
        <Alert color="red" role="alert">
          {add.error.message}
        </Alert>
      ) : null}
      {add.data ? (
        <Alert color="green" role="status" data-testid="staff-added">
          <Text size="sm">{fill(t.added, { name: add.data.account.name, time: tokyoMinute(add.data.expiresAt) })}</Text>
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} aria-label={t.setupLink} data-testid="setup-link">
            {add.data.setupLink}
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** 変更 for one person: their role and teams in a dialog; the server refuses taking away the last admin, shown in its words. */
import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { StaffAccount } from '@core/contract/staff-accounts';
import type { StaffRole } from '@core/rules/staff';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { ROLE_OPTIONS } from './account-add-form';
import { teamsOfText, useAccountChange } from './account-queries';

const t = jaConsole.staffAdmin;

export function AccountEdit({ account }: { account: StaffAccount }) {
  const change = useAccountChange();
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<StaffRole>(account.role);
  const [teams, setTeams] = useState(account.teams.join('、'));
  const start = () => {
    setRole(account.role);
    setTeams(account.teams.join('、'));
    change.reset();
    setOpen(true);
  };
  const save = () => change.mutate({ staffId: account.id, role, teams: teamsOfText(teams) }, { onSuccess: () => setOpen(false) });
  return (
    <>
      <Button size="compact-sm" variant="default" aria-label={fill(t.editLabel, { name: account.name })} onClick={start}>
        {t.edit}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={fill(t.editTitle, { name: account.name })} centered>
        <Stack gap="sm">
          <NativeSelect label={t.role} data={ROLE_OPTIONS} value={role} onChange={(e) => setRole(e.currentTarget.value as StaffRole)} />
          <TextInput label={t.teams} description={t.teamsHint} value={teams} onChange={(e) => setTeams(e.currentTarget.value)} />
          {change.error ? (
            <Alert color="red" role="alert">
              {change.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t.cancel}
            </Button>
            <Button onClick={save} loading={change.isPending}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** 停止する for one person after a confirmation: their sessions end from their next request. */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { StaffAccount } from '@core/contract/staff-accounts';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { useAccountDisable } from './account-queries';

const t = jaConsole.staffAdmin;

export function AccountDisable({ account }: { account: StaffAccount }) {
  const disable = useAccountDisable();
  const [open, setOpen] = useState(false);
  if (account.state === 'disabled') return null;
  return (
    <>
      <Button
        size="compact-sm"
        color="red"
        variant="light"
        aria-label={fill(t.disableLabel, { name: account.name })}
        onClick={() => {
          disable.reset();
          setOpen(true);
        }}
      >
        {t.disable}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t.disable} centered>
        <Stack gap="sm">
          <Text>{fill(t.disableConfirm, { name: account.name })}</Text>
          {disable.error ? (
            <Alert color="red" role="alert">
              {disable.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t.cancel}
            </Button>
            <Button color="red" loading={disable.isPending} onClick={() => disable.mutate(account.id, { onSuccess: () => setOpen(false) })}>
              {t.disable}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

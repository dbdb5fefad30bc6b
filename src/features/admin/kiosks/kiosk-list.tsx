/** 登録済みの端末: each kiosk within reach with its forms, state, idle time and times; 停止する after a confirmation. */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { KioskListingRow } from '@core/contract/staff-kiosks';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { tokyoMinute } from '../members/member-lines';
import { useKioskRevoke } from './kiosk-queries';

const t = jaConsole.kiosks;
const STATE_COLOR = { pending: 'yellow', active: 'green', revoked: 'gray' } as const;
const when = (iso: string | null) => (iso === null ? '—' : tokyoMinute(iso));

export function KioskList({ kiosks, defaultIdleSeconds, titles }: { kiosks: readonly KioskListingRow[]; defaultIdleSeconds: number; titles: ReadonlyMap<string, string> }) {
  const revoke = useKioskRevoke();
  const [asked, setAsked] = useState<string | null>(null);
  const close = () => setAsked(null);
  if (kiosks.length === 0) return <Text c="dimmed">{t.none}</Text>;
  return (
    <>
      {revoke.data && revoke.variables ? (
        <Alert color="green" role="status">
          {fill(t.revoked, { name: revoke.variables })}
        </Alert>
      ) : null}
      {revoke.error ? (
        <Alert color="red" role="alert">
          {revoke.error.message}
        </Alert>
      ) : null}
      <Table striped withTableBorder data-testid="kiosk-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.name}</Table.Th>
            <Table.Th>{t.forms}</Table.Th>
            <Table.Th>{t.state}</Table.Th>
            <Table.Th>{t.idle}</Table.Th>
            <Table.Th>{t.created}</Table.Th>
            <Table.Th>{t.enrolledAt}</Table.Th>
            <Table.Th>{t.revokedAt}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kiosks.map((k) => (
            <Table.Tr key={k.id} data-testid="kiosk-row" data-name={k.name}>
              <Table.Td fw={500}>{k.name}</Table.Td>
              <Table.Td>{k.forms.map((f) => titles.get(f) ?? f).join('、')}</Table.Td>
              <Table.Td>
                <Badge variant="dot" color={STATE_COLOR[k.state]} c="dark" size="lg" radius="sm" tt="none" styles={{ label: { overflow: 'visible' } }}>
                  {t.states[k.state]}
                </Badge>
              </Table.Td>
              <Table.Td>{k.idleSeconds === null ? fill(t.defaultIdle, { seconds: defaultIdleSeconds }) : fill(t.seconds, { seconds: k.idleSeconds })}</Table.Td>
              <Table.Td>{when(k.createdAt)}</Table.Td>
              <Table.Td>{when(k.enrolledAt)}</Table.Td>
              <Table.Td>{when(k.revokedAt)}</Table.Td>
              <Table.Td>
                {k.state === 'revoked' ? null : (
                  <Button size="compact-sm" color="red" variant="light" aria-label={fill(t.revokeLabel, { name: k.name })} onClick={() => setAsked(k.name)}>
                    {t.revoke}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal opened={asked !== null} onClose={close} title={t.revoke} centered>
        <Stack gap="sm">
          <Text>{fill(t.revokeConfirm, { name: asked ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t.cancel}
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => asked !== null && revoke.mutate(asked, { onSettled: close })}>
              {t.revoke}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** 職員: each person with role, teams, state and last sign-in, and their 変更 / 停止する. */
import { Badge, Group, Table, Text } from '@mantine/core';
import type { StaffAccount } from '@core/contract/staff-accounts';
import { STAFF_ROLE_LABELS } from '@core/ja/staff-roles';
import { jaConsole } from '../../../messages/ja-console';
import { tokyoMinute } from '../members/member-lines';
import { AccountDisable } from './account-disable';
import { AccountEdit } from './account-edit';

const t = jaConsole.staffAdmin;
const STATE_COLOR = { active: 'green', pending: 'yellow', locked: 'orange', disabled: 'gray' } as const;

export function AccountTable({ staff }: { staff: readonly StaffAccount[] }) {
  return (
    <Table striped withTableBorder data-testid="staff-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.name}</Table.Th>
          <Table.Th>{t.role}</Table.Th>
          <Table.Th>{t.teams}</Table.Th>
          <Table.Th>{t.state}</Table.Th>
          <Table.Th>{t.lastSignIn}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {staff.map((s) => (
          <Table.Tr key={s.id} data-testid="staff-row" data-email={s.email}>
            <Table.Td>
              <Text fw={500}>{s.name}</Text>
              <Text size="xs" c="dimmed">
                {s.email}
              </Text>
            </Table.Td>
            <Table.Td>{STAFF_ROLE_LABELS[s.role]}</Table.Td>
            <Table.Td>{s.teams.length > 0 ? s.teams.join('、') : t.none}</Table.Td>
            <Table.Td>
              <Badge variant="dot" color={STATE_COLOR[s.state]} c="dark" size="lg" radius="sm" tt="none" styles={{ label: { overflow: 'visible' } }}>
                {t.states[s.state]}
              </Badge>
            </Table.Td>
            <Table.Td>{s.lastSignInAt ? tokyoMinute(s.lastSignInAt) : t.never}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <AccountEdit account={s} />
                <AccountDisable account={s} />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

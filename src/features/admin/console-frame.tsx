/**
 * The console's page frame: its own header (not the residents' phone column), wide enough for a
 * 1280×800 desk and a 1024×768 reception tablet, with who is signed in and サインアウト.
 */
import { Box, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { staffSignOut, type StaffMe } from '@core/contract/staff';
import { STAFF_ROLE_LABELS } from '@core/ja/staff-roles';
import { call } from '../../lib/api';
import { jaConsole } from '../../messages/ja-console';
import { ConsoleNav } from './console-nav';

export function ConsoleFrame({ me, children }: { me?: StaffMe | null | undefined; children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = async () => {
    // Whatever the server answers, this page forgets the person: nothing of theirs stays in memory.
    await call(staffSignOut, {}, { retry: { maxAttempts: 1 } }).catch(() => undefined);
    queryClient.removeQueries({ queryKey: ['staff'] });
    await navigate({ to: '/admin/sign-in', replace: true });
  };
  return (
    <Box mih="100dvh" bg="gray.0" className="console">
      <Box component="header" bg="white" py="xs" px="lg" className="console-header">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <img src="/favicon.svg" alt="" width={24} height={24} />
            <Text fw={700}>{jaConsole.title}</Text>
          </Group>
          {me ? (
            <Group gap="md" wrap="nowrap">
              <ConsoleNav role={me.role} />
              <Text size="sm" data-testid="console-staff">
                {me.name}（{STAFF_ROLE_LABELS[me.role]}）
              </Text>
              <Button variant="default" size="sm" onClick={() => void signOut()}>
                {jaConsole.home.signOut}
              </Button>
            </Group>
          ) : null}
        </Group>
      </Box>
      <Box component="main" px="lg" py="lg" maw={1280} mx="auto">
        {children}
      </Box>
    </Box>
  );
}

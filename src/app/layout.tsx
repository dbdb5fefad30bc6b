import { Box, Group, Text } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { AccountMenu } from '../features/account/account-menu';
import { usePageIdentity } from '../lib/use-session';
import { ja } from '../messages/ja';
import { OutboxStatus } from '../ui/outbox-status';

/**
 * Phone first (390 px wide in LINE); tablets (1024 px and wider) get a wide column, 16 px text
 * and 48 px touch targets (app.css).
 */
export function RootLayout() {
  const { resident } = usePageIdentity();
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" bg="white" py="xs" className="app-header">
        <Group gap="xs" wrap="nowrap" px="md" className="app-column">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <Text fw={700} size="sm">
            {ja.app.title}
          </Text>
          <OutboxStatus />
          {resident ? <AccountMenu profile={resident.profile} /> : null}
        </Group>
      </Box>
      <Box component="main" px="md" py="lg" className="app-column">
        <Outlet />
      </Box>
    </Box>
  );
}

import { Box, Container, Group, Text } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { ja } from '../messages/ja';
import { OutboxStatus } from '../ui/outbox-status';

/** Phone first (390 px wide in LINE); on a desktop the column stays phone-width and centred. */
export function RootLayout() {
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" bg="white" py="xs" className="app-header">
        <Container size={480} px="md">
          <Group gap="xs" wrap="nowrap">
            <img src="/favicon.svg" alt="" width={24} height={24} />
            <Text fw={700} size="sm">
              {ja.app.title}
            </Text>
            <OutboxStatus />
          </Group>
        </Container>
      </Box>
      <Container component="main" size={480} px="md" py="lg">
        <Outlet />
      </Container>
    </Box>
  );
}

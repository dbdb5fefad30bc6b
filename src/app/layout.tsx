import { Box, Group, Text } from '@mantine/core';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Suspense } from 'react';
import { usePageIdentity } from '../lib/use-session';
import { ja } from '../messages/ja';
import { AccountMenu, KioskHeader, KioskIdleWatch, KioskRevoked, OutboxStatus } from './later';

/**
 * Phone first (390 px wide in LINE); tablets (1024 px and wider) get a wide column, 16 px text
 * and 48 px touch targets (app.css). A kiosk shows its own header, idle watch and stop screen.
 */
export function RootLayout() {
  const { resident, kiosk } = usePageIdentity();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const onKioskStart = path === '/kiosk' || path.startsWith('/kiosk/');
  // Re-enrolling is how a stopped tablet is brought back.
  const stopped = kiosk?.revoked === true && path !== '/kiosk/enrol';
  return (
    <Box mih="100dvh" bg="gray.0" className={kiosk ? 'app-kiosk' : undefined}>
      <Box component="header" bg="white" py="xs" className="app-header">
        <Group gap="xs" wrap="nowrap" px="md" className="app-column">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <Text fw={700} size="sm">
            {ja.app.title}
          </Text>
          <Suspense fallback={null}>
            {kiosk ? (
              <KioskHeader kiosk={kiosk} />
            ) : (
              <Group gap="xs" wrap="nowrap" ml="auto">
                <OutboxStatus />
                {resident ? <AccountMenu profile={resident.profile} /> : null}
              </Group>
            )}
          </Suspense>
        </Group>
      </Box>
      <Box component="main" px="md" py="lg" className="app-column">
        {stopped ? (
          <Suspense fallback={null}>
            <KioskRevoked />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </Box>
      {kiosk && !stopped && !onKioskStart ? (
        <Suspense fallback={null}>
          <KioskIdleWatch idleSeconds={kiosk.idleSeconds} />
        </Suspense>
      ) : null}
    </Box>
  );
}

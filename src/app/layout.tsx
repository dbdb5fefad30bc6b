import { Group } from '@mantine/core';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { useLater } from '../lib/use-later';
import { usePageIdentity } from '../lib/use-session';
import { currentAlert, subscribeAlert } from '../ui/alert';
import { isGuardedMove } from './navigation-guard';
import { LayoutFrame } from './layout-frame';
import { settleIslandFor } from '../ssr/handoff';

// Not part of any first screen, so not of the app's first chunk: each shows once its own is here.
const loadOutboxStatus = () => import('../ui/outbox-status');
const loadAccountMenu = () => import('../features/account/account-menu');
const loadKioskFrame = () => import('../features/kiosk/kiosk-frame');
const loadIdleWatch = () => import('../features/kiosk/idle-watch');
const loadAlertDialog = () => import('../ui/alert-dialog');

/**
 * Phone first (390 px wide in LINE); tablets (1024 px and wider) get a wide column, 16 px text
 * and 48 px touch targets (app.css). A kiosk shows its own header, idle watch and stop screen.
 */
export function RootLayout() {
  const { resident, kiosk } = usePageIdentity();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  // The menu offers 照会 only where spec 01 §2's guard lets the resident go (not mid-answer).
  const lookupOffered = !isGuardedMove(path, '/confirm', searchStr);
  const onKioskStart = path === '/kiosk' || path.startsWith('/kiosk/');
  // Re-enrolling is how a stopped tablet is brought back.
  const stopped = kiosk?.revoked === true && path !== '/kiosk/enrol';
  const outbox = useLater(kiosk ? null : loadOutboxStatus);
  const account = useLater(resident && !kiosk ? loadAccountMenu : null);
  const kioskFrame = useLater(kiosk ? loadKioskFrame : null);
  const idleWatch = useLater(kiosk && !stopped && !onKioskStart ? loadIdleWatch : null);
  const alertText = useSyncExternalStore(subscribeAlert, currentAlert);
  const alertUi = useLater(alertText !== null ? loadAlertDialog : null);
  // The server's render of a form stays until the screen that takes it (or replaces it) is here.
  useLayoutEffect(() => settleIslandFor(path), [path]);
  // The staff console has its own frame (features/admin/console-frame.tsx), none of a resident's.
  if (path === '/admin' || path.startsWith('/admin/')) return <Outlet />;
  return (
    <LayoutFrame
      kiosk={Boolean(kiosk)}
      headerEnd={
        kiosk ? (
          kioskFrame ? <kioskFrame.KioskHeader kiosk={kiosk} /> : null
        ) : (
          <Group gap="xs" wrap="nowrap" ml="auto">
            {outbox ? <outbox.OutboxStatus /> : null}
            {resident && account ? <account.AccountMenu profile={resident.profile} lookupOffered={lookupOffered} /> : null}
          </Group>
        )
      }
      after={
        <>
          {kiosk && idleWatch ? <idleWatch.KioskIdleWatch idleSeconds={kiosk.idleSeconds} /> : null}
          {alertText !== null && alertUi ? <alertUi.AlertDialog text={alertText} /> : null}
        </>
      }
    >
      {stopped ? (kioskFrame ? <kioskFrame.KioskRevoked /> : null) : <Outlet />}
    </LayoutFrame>
  );
}

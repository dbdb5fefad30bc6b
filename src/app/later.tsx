/**
 * The layout's parts no first screen needs: the outbox badge (empty until the offline layer is
 * here anyway), the account menu, and a kiosk's frame. Each is its own chunk, requested once the
 * first screen is usable, with the offline layer (lib/first-screen.ts), so a first visit on a slow
 * link does not wait for them; once here they work offline too. Until then they render nothing.
 */
import { lazy } from 'react';
import { afterFirstScreen } from '../lib/first-screen';

const chunks = {
  outbox: () => import('../ui/outbox-status'),
  account: () => import('../features/account/account-menu'),
  kioskFrame: () => import('../features/kiosk/kiosk-frame'),
  idleWatch: () => import('../features/kiosk/idle-watch'),
};

export const OutboxStatus = lazy(() => chunks.outbox().then((m) => ({ default: m.OutboxStatus })));
export const AccountMenu = lazy(() => chunks.account().then((m) => ({ default: m.AccountMenu })));
export const KioskHeader = lazy(() => chunks.kioskFrame().then((m) => ({ default: m.KioskHeader })));
export const KioskRevoked = lazy(() => chunks.kioskFrame().then((m) => ({ default: m.KioskRevoked })));
export const KioskIdleWatch = lazy(() => chunks.idleWatch().then((m) => ({ default: m.KioskIdleWatch })));

// A failed request (offline on a first visit) is left to the render that needs the part.
afterFirstScreen(() => {
  for (const load of Object.values(chunks)) void load().catch(() => {});
});

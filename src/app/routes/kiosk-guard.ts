import { redirect } from '@tanstack/react-router';
import { getKiosk } from '../../lib/kiosk';

/** On a kiosk, only its start screen and its forms are reachable: no lookup, no sign-in. */
const KIOSK_PATHS = /^\/(kiosk(\/enrol)?|survey\/[^/]+|calendar\/[^/]+)\/?$/;

export const kioskOnly = (pathname: string): void => {
  if (getKiosk() && !KIOSK_PATHS.test(pathname)) throw redirect({ to: '/kiosk', replace: true });
};

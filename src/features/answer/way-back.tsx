import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { BackToStart } from '../../ui/back-to-start';
import { KioskHomeButton } from './kiosk-home';

/** A screen that cannot go on (an unknown or closed form, a failed load): its text, and a way back. */
export function WithWayBack({ kiosk, children }: { kiosk: boolean; children: ReactNode }) {
  return (
    <Stack gap="md">
      {children}
      {kiosk ? (
        <KioskHomeButton />
      ) : (
        <BackToStart variant="light" />
      )}
    </Stack>
  );
}

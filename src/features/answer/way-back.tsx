import { Button, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ja } from '../../messages/ja';
import { KioskHomeButton } from './kiosk-home';

/** A screen that cannot go on (an unknown or closed form, a failed load): its text, and a way back. */
export function WithWayBack({ kiosk, children }: { kiosk: boolean; children: ReactNode }) {
  return (
    <Stack gap="md">
      {children}
      {kiosk ? (
        <KioskHomeButton />
      ) : (
        <Button variant="light" renderRoot={(props) => <Link {...props} to="/" />} data-testid="back-to-start">
          {ja.common.backToStart}
        </Button>
      )}
    </Stack>
  );
}

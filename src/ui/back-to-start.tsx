import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ja } from '../messages/ja';

/** トップへ戻る: the way out of a screen that cannot go on. On a kiosk the router's guard sends "/" to the kiosk's start. */
export function BackToStart({ variant = 'default' }: { variant?: 'default' | 'light' }) {
  return (
    <Button variant={variant} renderRoot={(props) => <Link {...props} to="/" />} data-testid="back-to-start">
      {ja.common.backToStart}
    </Button>
  );
}

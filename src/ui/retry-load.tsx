/**
 * A load that failed on the way (offline, a weak link, a timeout): the spec's lines, 再読み込み and
 * a way back to the start page, and a new try on its own once the browser is back online. The
 * try refetches the screen's failed queries rather than reloading the page: offline before the
 * service worker holds the app, a reload would leave the resident on the browser's offline page.
 */
import { Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ja } from '../messages/ja';
import { BackToStart } from './back-to-start';
import { MessageLines } from './message-lines';


export interface RetryLoadProps {
  lines: readonly string[];
  /** false where the screen has its own way back (WithWayBack) or is the start page itself. */
  wayBack?: boolean;
}

export function RetryLoad({ lines, wayBack = true }: RetryLoadProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  // The screen's own failed queries are the mounted ones in error; those with data refetch harmlessly.
  const retry = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await queryClient.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, [queryClient]);
  useEffect(() => {
    // Not TanStack's refetchOnReconnect: it needs an offline it saw, and a page opened offline shows none.
    const again = () => void retry();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [retry]);
  return (
    <Stack gap="md" data-testid="load-retry">
      <MessageLines lines={lines} />
      <Button variant="light" loading={busy} onClick={() => void retry()} data-testid="load-retry-button">
        {ja.common.reload}
      </Button>
      {wayBack ? <BackToStart /> : null}
    </Stack>
  );
}

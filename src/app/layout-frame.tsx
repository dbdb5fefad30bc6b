import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ja } from '../messages/ja';

export interface LayoutFrameProps {
  kiosk?: boolean;
  /** The header's right-hand side (outbox badge, account menu, a kiosk's own header). */
  headerEnd?: ReactNode;
  children?: ReactNode;
  /** After the main column (a kiosk's idle watch, the alert dialog). */
  after?: ReactNode;
}

/**
 * The resident's page frame: header and main column. RootLayout fills it; the server's form page
 * (src/ssr/render-page.tsx) renders it too, so the page looks the same before the app runs.
 */
export function LayoutFrame({ kiosk = false, headerEnd, children, after }: LayoutFrameProps) {
  return (
    <Box mih="100dvh" bg="gray.0" className={kiosk ? 'app-kiosk' : undefined}>
      <Box component="header" bg="white" py="xs" className="app-header">
        <Group gap="xs" wrap="nowrap" px="md" className="app-column app-header-row">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <Text fw={700} size="sm">
            {ja.app.title}
          </Text>
          {headerEnd}
        </Group>
      </Box>
      <Box component="main" px="md" py="lg" className="app-column app-header-row">
        {children}
      </Box>
      {after}
    </Box>
  );
}

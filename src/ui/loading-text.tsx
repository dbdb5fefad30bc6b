import { Group, Loader, Text } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { ja } from '../messages/ja';
import { holdIsland } from '../ssr/handoff';

export function LoadingText({ text = ja.common.loading }: { text?: string }) {
  // While the app is still loading its screen, the server's render of the form stays on show.
  useLayoutEffect(() => holdIsland(), []);
  return (
    <Group gap="sm" py="xl" justify="center" wrap="nowrap" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text>{text}</Text>
    </Group>
  );
}

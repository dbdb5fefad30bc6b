import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { usePwaUpdate } from '../lib/pwa';
import { ja } from '../messages/ja';

/**
 * The reload prompt of the update flow (src/lib/pwa.ts): a new version waits until the resident
 * chooses to reload, so a form being filled in is never swapped out from under them.
 */
export function UpdatePrompt() {
  const { needRefresh, accept, dismiss } = usePwaUpdate();
  if (!needRefresh) return null;
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }}>
      <Notification withCloseButton onClose={dismiss} role="status" data-testid="update-prompt" maw={448} mx="auto">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">{ja.offline.updateAvailable}</Text>
          <Button size="xs" className="app-keep-whole" onClick={accept}>
            {ja.offline.updateReload}
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}

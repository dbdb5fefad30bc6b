import { Group, Loader, Text } from '@mantine/core';
import { ja } from '../messages/ja';

export function LoadingText({ text = ja.common.loading }: { text?: string }) {
  return (
    <Group gap="sm" py="xl" justify="center" wrap="nowrap" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text>{text}</Text>
    </Group>
  );
}

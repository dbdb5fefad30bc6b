import { Avatar, Group, Text } from '@mantine/core';
import type { SessionProfile } from '../lib/session';
import { ja } from '../messages/ja';

/** The signed-in resident as LINE shows them, so they can tell whose answers they are editing. */
export function ResidentHeader({ profile }: { profile: SessionProfile }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar
        src={profile.pictureUrl ?? null}
        alt={profile.displayName}
        radius="xl"
        size="md"
        data-testid="resident-picture"
      />
      <Text fw={600} lineClamp={1}>
        <span data-testid="resident-name">{profile.displayName}</span> {ja.common.honorific}
      </Text>
    </Group>
  );
}

/**
 * The bed screens' frame: whose stay it is (signed in only) and the form's title. The server
 * renders the first screen's frame with no profile into a bed form's page (src/ssr/render-page.tsx),
 * so a resident sees the form's heading before the app's code has arrived.
 */
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SessionProfile } from '../../lib/session';
import { jaScreens } from '../../messages/ja-screens';
import { ResidentHeader } from '../../ui/resident-header';

export function BedPage({ title, profile, children }: { title: string; profile?: SessionProfile | null; children: ReactNode }) {
  return (
    <Stack gap="md">
      {/* Whose stay this is, as on the other screens of a resident's own data (shared devices). */}
      {profile ? <ResidentHeader profile={profile} /> : null}
      <Title order={1} size="h3" data-testid="bed-title">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The calendar step's first line. */
export const BedPickDay = () => <Text size="sm">{jaScreens.bed.pickDay}</Text>;

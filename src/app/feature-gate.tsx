/**
 * A screen a build switch may take away (core/rules/features.ts, served by /app-config): shown
 * unless the server says the part is off, then the switch's text instead. Unknown (offline, the
 * call failed) shows the screen: the server refuses a switched-off part's calls all the same.
 */
import { Stack, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import type { Features } from '@core/rules/features';
import { useFeature } from '../lib/features';
import { ja } from '../messages/ja';
import { LoadingText } from '../ui/loading-text';
import { BackToStart } from '../ui/back-to-start';

/** The screens a switch takes away: today the member ones (the others take items, server-side). */
const OFF_TEXT = { members: ja.features.membersOff } as const satisfies Partial<Record<keyof Features, string>>;

export const gatedBy = (feature: keyof typeof OFF_TEXT, Screen: ComponentType & { preload: () => Promise<void> }) => {
  const Gated = () => {
    const on = useFeature(feature);
    if (on === undefined) return <LoadingText />;
    if (on) return <Screen />;
    return (
      <Stack gap="md" align="center" py="xl" ta="center" data-testid="feature-off">
        <Text>{OFF_TEXT[feature]}</Text>
        <BackToStart />
      </Stack>
    );
  };
  return Object.assign(Gated, { preload: Screen.preload });
};

/**
 * An answer's status as the console lists it, in the spec's colours (core/rules/status.ts
 * ADMIN_STATUS_COLOURS), as a dot beside dark text so every colour reads at AA contrast. A plain
 * Badge until the console's StatusChip (src/features/admin/status/) takes its place.
 */
import { Badge } from '@mantine/core';
import type { CheckStatus } from '@core/contract/result-rows';
import { adminStatusColour, type AdminStatusColour } from '@core/rules/status';

/** The spec's colour names as Mantine's palette or CSS spells them. */
const SHOWN: Record<AdminStatusColour, string> = { lime: 'lime', blue: 'blue', green: 'green', orange: 'orange', purple: 'grape', red: 'red', brown: '#8b4513', grey: 'gray' };

export function StatusBadge({ status }: { status: CheckStatus }) {
  const colour = adminStatusColour(status);
  return (
    <Badge variant="dot" color={colour ? SHOWN[colour] : 'dark'} c="dark" size="lg" radius="sm" tt="none" data-status={status}>
      {status}
    </Badge>
  );
}

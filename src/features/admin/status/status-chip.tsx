/**
 * An answer's status as a chip in the spec's colours (spec 01 §4, core/rules/status.ts
 * ADMIN_STATUS_COLOURS): a light tint of the colour with dark text of the same hue, each pair at
 * a contrast of 4.5:1 or more, so the chip reads (and axe passes) whatever its colour.
 */
import { Badge } from '@mantine/core';
import { adminStatusColour, type AdminStatusColour, type CheckStatus } from '@core/rules/status';

const TINTS: Record<AdminStatusColour, { background: string; text: string }> = {
  lime: { background: '#d8f5a2', text: '#2b5205' },
  blue: { background: '#d0ebff', text: '#0b4a8b' },
  green: { background: '#d3f9d8', text: '#1b5e20' },
  orange: { background: '#ffe8cc', text: '#8a3c00' },
  purple: { background: '#eebefa', text: '#5a1a73' },
  red: { background: '#ffe3e3', text: '#a51111' },
  brown: { background: '#eddcd2', text: '#5d3a1a' },
  grey: { background: '#e9ecef', text: '#343a40' },
};
/** NG has no colour of its own in the spec: plain, with a border. */
const PLAIN = { background: '#ffffff', text: '#212529' };

export const StatusChip = ({ status }: { status: CheckStatus }) => {
  const colour = adminStatusColour(status);
  const tint = colour ? TINTS[colour] : PLAIN;
  return (
    <Badge
      variant="light"
      radius="sm"
      data-status={status}
      data-status-colour={colour ?? 'none'}
      style={{ backgroundColor: tint.background, color: tint.text, border: colour ? undefined : '1px solid #868e96', textTransform: 'none' }}
    >
      {status}
    </Badge>
  );
};

/** A file's scan status as the resident reads it (spec 02 §4): 準備中, 危険, 無効ファイル and the spec's sentence. */
import { Badge, Text } from '@mantine/core';
import type { SecureFileStatus } from '@core/contract/file-rules';
import { ja } from '../messages/ja';

const t = ja.items.files;

/** Statuses a scan does not leave: anything else is still 準備中. */
export const SCAN_DONE: readonly SecureFileStatus[] = ['Completed', 'Infected', 'Error'];
/**
 * Scans take seconds: while the item is on screen it looks again this often, this many times at
 * most (half a minute), rather than leave 準備中 until the resident reopens the screen.
 */
export const SCAN_LOOK_EVERY_MS = 2000;
export const SCAN_MAX_LOOKS = 15;

export const statusLabel = (s: SecureFileStatus): string | null =>
  s === 'Completed' ? null : s === 'Infected' ? t.statusInfected : s === 'Error' ? t.statusError : t.statusPending;

export function FileStatus({ status }: { status: SecureFileStatus }) {
  const label = statusLabel(status);
  if (!label) return null;
  const refused = status === 'Infected' || status === 'Error';
  return (
    <>
      <Badge color={refused ? 'red' : 'gray'} variant="light" data-testid="file-status">
        {label}
      </Badge>
      <Text size="sm" c={refused ? 'red.8' : 'dimmed'}>
        {refused ? t.infected : t.notReady}
      </Text>
    </>
  );
}

/** A file's scan status as the resident reads it (spec 02 §4): 準備中, 危険, 無効ファイル and the spec's sentence. */
import { Badge, Text } from '@mantine/core';
import type { SecureFileStatus } from '@core/contract/file-rules';
import { ja } from '../messages/ja';

const t = ja.items.files;

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

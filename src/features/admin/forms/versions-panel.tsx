/** 版の履歴: who saved each version when, with its note; a diff of two; 戻す (a new save of an old version's content), confirmed first. */
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { tokyoTime } from '../payments/payment-labels';
import { useFormVersions } from './form-queries';
import type { FormEditor } from './use-form-editor';
import { VersionDiff } from './version-diff';

const t = jaConsole.forms;

export function VersionsPanel({ surveyId, editor }: { surveyId: string; editor: FormEditor }) {
  const list = useFormVersions(surveyId, true);
  const [pick, setPick] = useState<{ from: number; to: number } | null>(null);
  const [asked, setAsked] = useState<number | null>(null);
  if (!list.data) return <LoadingText />;
  const { current, versions } = list.data;
  const shown = pick ?? (versions.length > 1 ? { from: versions[1]?.version ?? current, to: current } : null);
  return (
    <Stack gap="md">
      <Table withTableBorder striped captionSide="top" data-testid="form-versions">
        <Table.Caption>{t.versions}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.versionCol}</Table.Th>
            <Table.Th>{t.savedAt}</Table.Th>
            <Table.Th>{t.savedBy}</Table.Th>
            <Table.Th>{t.noteCol}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.map((v) => (
            <Table.Tr key={v.version} data-testid={`form-version-${v.version}`}>
              <Table.Td>
                {v.version}
                {v.version === current ? `（${t.current}）` : ''}
              </Table.Td>
              <Table.Td>{tokyoTime(v.savedAt)}</Table.Td>
              <Table.Td>{v.savedBy === null ? t.importer : (v.savedByName ?? v.savedBy)}</Table.Td>
              <Table.Td>{v.note ?? ''}</Table.Td>
              <Table.Td>
                {v.version === current ? null : (
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setPick({ from: v.version, to: current })}>
                      {t.diff}
                    </Button>
                    <Button size="xs" variant="light" aria-label={t.rollbackLabel.replace('{version}', String(v.version))} onClick={() => setAsked(v.version)} disabled={editor.busy}>
                      {t.rollback}
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {shown ? <VersionDiff surveyId={surveyId} versions={versions.map((v) => v.version)} from={shown.from} to={shown.to} onPick={(from, to) => setPick({ from, to })} /> : null}
      <Modal opened={asked !== null} onClose={() => setAsked(null)} title={t.rollbackTitle.replace('{version}', String(asked))} centered>
        <Stack gap="md">
          <Text size="sm">{t.rollbackBody.replace('{version}', String(asked))}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsked(null)}>
              {t.cancel}
            </Button>
            <Button
              data-testid="rollback-confirm"
              onClick={() => {
                if (asked !== null) editor.rollback(asked);
                setAsked(null);
                setPick(null);
              }}
            >
              {t.rollbackConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

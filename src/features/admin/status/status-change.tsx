/**
 * Choosing a new status for one answer or many (the answers list's selection, or one answer's
 * page): the statuses staff may set (core/rules/status-effects.ts), an optional note, then a
 * dialog saying how many answers change. The caller sends the change (POST
 * /forms/:surveyId/answers/status) and shows its refusal.
 */
import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Text, Textarea } from '@mantine/core';
import { STATUS_NOTE_MAX } from '@core/contract/staff-statuses';
import type { CheckStatus } from '@core/rules/status';
import { STAFF_SETTABLE_STATUSES, effectsOf } from '@core/rules/status-effects';
import { jaConsole } from '../../../messages/ja-console';

const t = jaConsole.status;

export interface StatusChangeProps {
  /** How many answers the change applies to. */
  count: number;
  busy?: boolean;
  onConfirm: (status: CheckStatus, note: string | undefined) => void;
}

export const StatusChange = ({ count, busy = false, onConfirm }: StatusChangeProps) => {
  const [status, setStatus] = useState<CheckStatus>(STAFF_SETTABLE_STATUSES[1] ?? '対応中');
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const confirm = () => {
    setAsking(false);
    onConfirm(status, note.trim() === '' ? undefined : note.trim());
  };
  return (
    <div>
      <Group align="flex-end">
        <NativeSelect label={t.choose} data={[...STAFF_SETTABLE_STATUSES]} value={status} onChange={(e) => setStatus(e.currentTarget.value as CheckStatus)} />
        <Button onClick={() => setAsking(true)} disabled={count === 0 || busy} loading={busy}>
          {t.change}
        </Button>
      </Group>
      <Textarea label={t.note} value={note} maxLength={STATUS_NOTE_MAX} rows={2} onChange={(e) => setNote(e.currentTarget.value)} mt="xs" />
      {count === 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          {t.none}
        </Text>
      )}
      <Modal opened={asking} onClose={() => setAsking(false)} title={t.confirmTitle} centered>
        <Text>{t.confirm.replace('{count}', count.toLocaleString('ja-JP')).replace('{status}', status)}</Text>
        {effectsOf(status).givesBack && (
          <Text size="sm" mt="xs">
            {t.cancelNote}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsking(false)}>
            {t.back}
          </Button>
          <Button onClick={confirm}>{t.doChange}</Button>
        </Group>
      </Modal>
    </div>
  );
};

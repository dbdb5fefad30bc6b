/** The editor's writes: save (with an optional note), undo the draft, 公開 / 停止, and what the last write did. */
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isApiClientError } from '../../../lib/api-error';
import { jaConsole } from '../../../messages/ja-console';
import type { FormEditor } from './use-form-editor';

const t = jaConsole.forms;

const doneText = (last: NonNullable<FormEditor['last']>): string => {
  const v = String(last.version);
  // A rollback to the content already stored, like a save of it, writes nothing.
  if (!last.changed) return t.unchanged;
  if (last.w.kind === 'status') return (last.w.status === 'enabled' ? t.published : t.closed).replace('{version}', v);
  if (last.w.kind === 'rollback') return t.rolledBack.replace('{from}', String(last.w.to)).replace('{version}', v);
  return t.saved.replace('{version}', v);
};

export function SaveBar({ editor, enabled }: { editor: FormEditor; enabled: boolean }) {
  const [note, setNote] = useState('');
  const error = editor.error;
  return (
    <Stack gap="xs" data-testid="form-save-bar">
      <Group align="flex-end" gap="xs">
        <TextInput label={t.note} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={200} style={{ flex: 1 }} />
        <Button variant="subtle" onClick={editor.discard} disabled={!editor.dirty || editor.busy}>
          {t.discard}
        </Button>
        <Button
          onClick={() => {
            editor.save(note);
            setNote('');
          }}
          disabled={!editor.dirty || editor.textError !== null}
          loading={editor.busy}
        >
          {t.save}
        </Button>
      </Group>
      <Group gap="xs" justify="space-between">
        <Text size="sm" c={editor.dirty ? 'orange.9' : 'dimmed'} aria-live="polite">
          {editor.dirty ? `${t.unsaved}。${t.unsavedStatus}` : ''}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => editor.setStatus('enabled')} disabled={enabled || editor.dirty || editor.busy}>
            {t.publish}
          </Button>
          <Button variant="default" color="red" onClick={() => editor.setStatus('disabled')} disabled={!enabled || editor.dirty || editor.busy}>
            {t.close}
          </Button>
        </Group>
      </Group>
      {editor.last && !error ? (
        <Alert color="green" role="status">
          {doneText(editor.last)}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {isApiClientError(error) ? error.errorMessage : error.message}
          {editor.stale ? (
            <Button size="xs" variant="default" ml="sm" onClick={editor.reload}>
              {t.reload}
            </Button>
          ) : null}
        </Alert>
      ) : null}
    </Stack>
  );
}

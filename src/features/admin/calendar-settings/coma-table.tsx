/** The comas of the day: each one's number, start and end, what it holds from today on, and its removal. */
import { Button, Table, Text, TextInput } from '@mantine/core';
import { jaConsole } from '../../../messages/ja-console';
import type { SettingsEditor } from './use-settings-editor';

const t = jaConsole.calendarSettings;

export function ComaTable({ editor, readOnly }: { editor: SettingsEditor; readOnly: boolean }) {
  const draft = editor.draft;
  if (!draft) return null;
  return (
    <>
      <Table withTableBorder data-testid="coma-table" layout="fixed">
        <Table.Caption>{t.comasHelp}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>{t.key}</Table.Th>
            <Table.Th>{t.start}</Table.Th>
            <Table.Th>{t.end}</Table.Th>
            <Table.Th w={90} />
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draft.comas.map((c) => {
            const held = editor.held[c.key] ?? 0;
            return (
              <Table.Tr key={c.key} data-testid="coma" data-key={c.key}>
                <Table.Td>{c.key}</Table.Td>
                <Table.Td>
                  <TextInput aria-label={t.startOf.replace('{key}', c.key)} value={c.start} placeholder="09:00" readOnly={readOnly} onChange={(e) => editor.editComa(c.key, { start: e.currentTarget.value })} />
                </Table.Td>
                <Table.Td>
                  <TextInput aria-label={t.endOf.replace('{key}', c.key)} value={c.end} placeholder="09:30" readOnly={readOnly} onChange={(e) => editor.editComa(c.key, { end: e.currentTarget.value })} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{held > 0 ? t.heldOf.replace('{held}', String(held)) : ''}</Text>
                </Table.Td>
                <Table.Td>
                  {readOnly ? null : (
                    <Button size="xs" variant="subtle" color="red" aria-label={t.removeOf.replace('{key}', c.key)} onClick={() => editor.removeComa(c.key)}>
                      {t.remove}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {readOnly ? null : (
        <Button variant="default" size="xs" onClick={editor.addComa} style={{ alignSelf: 'flex-start' }}>
          {t.add}
        </Button>
      )}
    </>
  );
}

/** A ward's nights from today as runs of one bed count, and the ranges staff set anew. */
import { Button, Table, TextInput, Title, Text } from '@mantine/core';
import { jaConsole } from '../../../messages/ja-console';
import type { BedConfigEditor } from './use-bed-config';

const t = jaConsole.bedConfig;

export function BedRanges({ editor, readOnly }: { editor: BedConfigEditor; readOnly: boolean }) {
  const data = editor.read.data;
  if (!data) return null;
  return (
    <>
      <Title order={2} size="h5">
        {t.current}
      </Title>
      <Table withTableBorder data-testid="bed-runs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.from}</Table.Th>
            <Table.Th>{t.to}</Table.Th>
            <Table.Th>{t.beds}</Table.Th>
            <Table.Th>{t.held}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.ranges.map((r) => (
            <Table.Tr key={r.from}>
              <Table.Td>{r.from}</Table.Td>
              <Table.Td>{r.to}</Table.Td>
              <Table.Td>{r.beds}</Table.Td>
              <Table.Td>{r.held}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {readOnly ? null : (
        <>
          <Title order={2} size="h5">
            {t.change}
          </Title>
          <Text size="sm">{t.changeHelp}</Text>
          <Table data-testid="bed-ranges">
            <Table.Tbody>
              {editor.ranges.map((r, i) => {
                const n = String(i + 1);
                return (
                  <Table.Tr key={i}>
                    <Table.Td>
                      <TextInput type="date" aria-label={t.fromOf.replace('{n}', n)} value={r.from} onChange={(e) => editor.setRange(i, { from: e.currentTarget.value })} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput type="date" aria-label={t.toOf.replace('{n}', n)} value={r.to} onChange={(e) => editor.setRange(i, { to: e.currentTarget.value })} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        inputMode="numeric"
                        aria-label={t.bedsOf.replace('{n}', n)}
                        value={r.beds}
                        error={editor.invalid(r.beds) ? t.notNumber : undefined}
                        onChange={(e) => editor.setRange(i, { beds: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="subtle" color="red" aria-label={t.removeOf.replace('{n}', n)} onClick={() => editor.removeRange(i)}>
                        {t.remove}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Button size="xs" variant="default" onClick={editor.addRange} style={{ alignSelf: 'flex-start' }}>
            {t.addRange}
          </Button>
        </>
      )}
    </>
  );
}

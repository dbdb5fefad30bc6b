/** The ward's beds: id, name (editable), remove; and a row to add a bed with a new id. */
import { Badge, Button, Group, Table, Text, TextInput, Title } from '@mantine/core';
import { jaConsole } from '../../../messages/ja-console';
import type { BedListEditor } from './use-bed-list';

const t = jaConsole.bedConfig.bedList;

export function BedList({ beds, readOnly }: { beds: BedListEditor; readOnly: boolean }) {
  return (
    <>
      <Title order={2} size="h5">
        {t.heading}
      </Title>
      {readOnly ? null : <Text size="sm">{t.help}</Text>}
      <Table withTableBorder data-testid="bed-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.id}</Table.Th>
            <Table.Th>{t.name}</Table.Th>
            {readOnly ? null : <Table.Th aria-label={t.remove} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {beds.list.map((b, i) => (
            <Table.Tr key={b.bedId}>
              <Table.Td>
                {b.bedId}
                {b.added ? (
                  <Badge ml="xs" size="xs" variant="light">
                    {t.unsaved}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>
                {readOnly ? (
                  b.bedName
                ) : (
                  <TextInput
                    aria-label={t.nameOf.replace('{id}', b.bedId)}
                    value={b.bedName}
                    error={b.bedName.trim() === '' ? t.nameRequired : undefined}
                    onChange={(e) => beds.rename(i, e.currentTarget.value)}
                  />
                )}
              </Table.Td>
              {readOnly ? null : (
                <Table.Td>
                  <Button size="xs" variant="subtle" color="red" aria-label={t.removeOf.replace('{id}', b.bedId)} onClick={() => beds.remove(i)}>
                    {t.remove}
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {readOnly ? null : (
        <Group align="flex-start">
          <TextInput label={t.newId} description={t.idHint} value={beds.newId} error={beds.newIdInvalid ? t.idHint : undefined} onChange={(e) => beds.setNewId(e.currentTarget.value)} />
          <TextInput label={t.newName} value={beds.newName} onChange={(e) => beds.setNewName(e.currentTarget.value)} />
          <Button variant="default" mt={24} onClick={beds.add} disabled={!beds.canAdd}>
            {t.add}
          </Button>
        </Group>
      )}
    </>
  );
}

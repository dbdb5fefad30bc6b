/** Before a save that sets nights below the beds their stays hold: each such night, to confirm. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { jaConsole } from '../../../messages/ja-console';
import type { BedConfigEditor } from './use-bed-config';

const t = jaConsole.bedConfig.confirm;

export function BedHeldConfirm({ editor }: { editor: BedConfigEditor }) {
  const affected = editor.affected;
  return (
    <Modal opened={affected !== null} onClose={editor.cancelConfirm} title={t.title} centered>
      <Stack gap="xs">
        <Text size="sm">{t.lead}</Text>
        {(affected ?? []).map((a) => (
          <Text size="sm" key={a.night} data-testid="bed-held-night">
            {t.night.replace('{night}', a.night).replace('{held}', String(a.held)).replace('{beds}', String(a.beds))}
          </Text>
        ))}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={editor.cancelConfirm}>
            {t.back}
          </Button>
          <Button color="red" onClick={editor.confirm} loading={editor.saving}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

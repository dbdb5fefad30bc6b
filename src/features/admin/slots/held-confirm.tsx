/** Before a save that touches held bookings: each slot or day with what it holds and who booked. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Coma } from '@core/contract/calendars';
import { jaConsole } from '../../../messages/ja-console';
import type { SlotEditor } from './use-slot-editor';

const t = jaConsole.slots.confirm;

export function HeldConfirm({ editor, comaList }: { editor: SlotEditor; comaList: Record<string, Coma> }) {
  const affected = editor.affected;
  const time = (slot: string) => (comaList[slot] ? `${comaList[slot].start}〜${comaList[slot].end}` : slot);
  return (
    <Modal opened={affected !== null} onClose={editor.cancelConfirm} title={t.title} centered size="lg">
      <Stack gap="xs">
        <Text size="sm">{t.lead}</Text>
        {(affected ?? []).map((a) => (
          <div key={`${a.day}|${a.slot ?? ''}`} data-testid="held-affected">
            <Text fw={500} size="sm">
              {a.slot === null
                ? t.dayOff.replace('{day}', a.day).replace('{held}', String(a.held))
                : t.quota.replace('{day}', a.day).replace('{time}', time(a.slot)).replace('{held}', String(a.held)).replace('{quota}', String(a.quota))}
            </Text>
            <Stack gap={2}>
              {a.bookings.map((b) => (
                <Text size="sm" key={b.partitionKey}>
                  {b.name}
                  {b.answerCode ? `（${b.answerCode}）` : ''}
                </Text>
              ))}
            </Stack>
          </div>
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

/** A save refused because removed comas hold bookings: each coma with the bookings it holds. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { jaConsole } from '../../../messages/ja-console';
import type { SettingsEditor } from './use-settings-editor';

const t = jaConsole.calendarSettings.held;

export function HeldComas({ editor }: { editor: SettingsEditor }) {
  const held = editor.heldRemoved;
  const times = editor.read.data?.settings.comaList ?? {};
  return (
    <Modal opened={held !== null} onClose={editor.closeHeld} title={t.title} centered size="lg">
      <Stack gap="xs">
        <Text size="sm">{t.lead}</Text>
        {(held ?? []).map((h) => (
          <div key={h.slot} data-testid="held-coma">
            <Text fw={500} size="sm">
              {t.slot.replace('{slot}', h.slot).replace('{time}', times[h.slot] ? `${times[h.slot]?.start}〜${times[h.slot]?.end}` : '')}
            </Text>
            {h.bookings.map((b) => (
              <Text size="sm" key={`${b.day}${b.partitionKey}`}>
                {t.booking.replace('{day}', b.day).replace('{name}', b.name)}
                {b.answerCode ? `（${b.answerCode}）` : ''}
              </Text>
            ))}
          </div>
        ))}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={editor.closeHeld}>
            {t.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The alert dialog (src/ui/alert.ts): 320 wide, the text and one button that closes it. */
import { Button, Group, Modal, Text } from '@mantine/core';
import { ja } from '../messages/ja';
import { ALERT_DIALOG_WIDTH, dismissAlert } from './alert';

export function AlertDialog({ text }: { text: string }) {
  return (
    <Modal
      opened
      onClose={dismissAlert}
      size={ALERT_DIALOG_WIDTH}
      centered
      withCloseButton={false}
      data-testid="alert-dialog"
    >
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={dismissAlert} data-autofocus>
          {ja.common.ok}
        </Button>
      </Group>
    </Modal>
  );
}

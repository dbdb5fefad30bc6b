/**
 * What a kiosk adds to the layout: its name and the count of answers waiting to be sent (for the
 * staff) in the header, the idle watch on a visitor's screens, and the stop screen once revoked.
 */
import { Alert, Badge, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { KioskState } from '../../lib/kiosk';
import { fill } from '../../messages/fill';
import { ja } from '../../messages/ja';
import { pageOutbox } from '../../offline/load';
import { useOutbox } from '../../offline/use-outbox';

export function KioskHeader({ kiosk }: { kiosk: KioskState }) {
  const outbox = useOutbox();
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="kiosk-name">
        {ja.kiosk.terminal} {kiosk.name}
      </Text>
      {outbox.waiting > 0 ? (
        <Badge color="yellow" variant="filled" ml="auto" data-testid="kiosk-waiting" data-count={outbox.waiting}>
          {fill(ja.kiosk.waitingForStaff, { count: outbox.waiting })}
        </Badge>
      ) : null}
      {/* A kiosk has no outbox list: answers the outbox stopped sending are the staff's to send again. */}
      {outbox.stalled > 0 ? (
        <UnstyledButton onClick={() => void pageOutbox().then((o) => o.retryNow())} data-testid="kiosk-stalled" data-count={outbox.stalled}>
          <Badge color="red" variant="filled">
            {fill(ja.kiosk.stalledForStaff, { count: outbox.stalled })}
          </Badge>
        </UnstyledButton>
      ) : null}
    </>
  );
}

export function KioskRevoked() {
  return (
    <Stack gap="lg" data-testid="kiosk-revoked">
      <Title order={1}>{ja.kiosk.revokedTitle}</Title>
      <Alert color="red" variant="light" role="alert">
        <Text size="lg">{ja.kiosk.revoked}</Text>
      </Alert>
    </Stack>
  );
}

/**
 * The outbox in the header: a badge with the number of answers waiting (and whether some need a
 * sign-in, were refused or stopped: 要確認), opening the list of this resident's entries with
 * their status, the last error in Japanese (the raw one in data-detail), 再送信 for a stopped
 * entry and 今すぐ再送信. Nothing waits out of sight. Inline, not an overlay: no extra code on the
 * first screen.
 */
import { Badge, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { storedErrorText } from '../lib/error-text';
import { fill } from '../messages/fill';
import { ja } from '../messages/ja';
import { pageOutbox } from '../offline/load';
import type { OutboxEntry } from '../offline/outbox-snapshot';
import { useOutbox } from '../offline/use-outbox';
import { SignInButton } from './sign-in-again';
import { laterComponent } from '../lib/later-component';

// The calendar reads are not part of the header's first load: fetched when a queued reservation shows.
const ReservationLinesList = laterComponent(() => import('../calendar/reservation-lines').then((m) => m.ReservationLinesList));

const statusColor: Record<OutboxEntry['status'], string> = {
  queued: 'yellow',
  sending: 'blue',
  'needs-auth': 'orange',
  rejected: 'red',
  stalled: 'red',
  delivered: 'green',
};

export function OutboxBadge({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const s = useOutbox();
  const toCheck = s.rejected + s.stalled;
  if (s.waiting === 0 && toCheck === 0) return null;
  const color = toCheck > 0 ? 'red' : s.needsAuth ? 'orange' : 'yellow';
  return (
    <UnstyledButton
      onClick={onToggle}
      aria-expanded={open}
      aria-label={fill(ja.offline.badgeLabel, { count: s.waiting })}
      data-testid="outbox-badge"
      data-waiting={s.waiting}
      data-state={s.rejected > 0 ? 'rejected' : s.stalled > 0 ? 'stalled' : s.needsAuth ? 'needs-auth' : 'waiting'}
      ml="auto"
    >
      <Group gap={4} wrap="nowrap">
        {s.waiting > 0 ? (
          <Badge color={color} variant="filled" data-testid="outbox-count" data-count={s.waiting}>
            {fill(ja.offline.badgeCount, { count: s.waiting })}
          </Badge>
        ) : null}
        {s.needsAuth ? (
          <Badge color="orange" variant="light">
            {ja.offline.badgeNeedsAuth}
          </Badge>
        ) : null}
        {toCheck > 0 ? (
          <Badge color="red" variant="light">
            {ja.offline.badgeRejected}
          </Badge>
        ) : null}
      </Group>
    </UnstyledButton>
  );
}

export function OutboxList({ onClose }: { onClose: () => void }) {
  const s = useOutbox();
  const shown = s.entries.filter((e) => e.status !== 'delivered');
  return (
    <Card withBorder padding="sm" data-testid="outbox-list" role="region" aria-label={ja.offline.queueTitle}>
      <Stack gap="xs">
        <Text fw={700} size="sm">
          {ja.offline.queueTitle}
        </Text>
        {s.waiting > 0 ? <Text size="sm">{fill(ja.offline.queued, { count: s.waiting })}</Text> : null}
        {s.needsAuth ? (
          <Group gap="xs" justify="space-between">
            <Text size="sm">{ja.offline.needsAuth}</Text>
            <SignInButton />
          </Group>
        ) : null}
        {s.rejected > 0 ? <Text size="sm">{ja.offline.rejected}</Text> : null}
        {s.stalled > 0 ? <Text size="sm">{ja.offline.stalled}</Text> : null}
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            {ja.offline.queueEmpty}
          </Text>
        ) : (
          <Stack gap={6} component="ul" className="app-plain-list">
            {shown.map((e) => (
              <li key={e.id} data-testid="outbox-entry" data-status={e.status}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate>
                    {e.meta.title || e.meta.surveyId}
                  </Text>
                  <Badge size="sm" color={statusColor[e.status]} variant="light">
                    {ja.offline.status[e.status]}
                  </Badge>
                </Group>
                {e.meta.reservation ? (
                  <div className="outbox-reservation" data-testid="outbox-reservation">
                    <ReservationLinesList item={e.meta.reservation.item} value={e.meta.reservation.value} />
                  </div>
                ) : null}
                {e.lastError ? (
                  <Text
                    size="xs"
                    c="dimmed"
                    data-testid="outbox-error"
                    data-detail={`${e.lastError.status ?? ''} ${e.lastError.code ?? ''}: ${e.lastError.message}`}
                  >
                    {fill(ja.offline.lastError, { message: storedErrorText(e.lastError) })}
                  </Text>
                ) : null}
                {e.status === 'stalled' ? (
                  <Button size="xs" variant="light" mt={4} onClick={() => void pageOutbox().then((o) => o.resend(e.id))} data-testid="outbox-resend">
                    {ja.offline.resend}
                  </Button>
                ) : null}
              </li>
            ))}
          </Stack>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onClose}>
            {ja.offline.close}
          </Button>
          {s.waiting > 0 || s.stalled > 0 ? (
            <Button size="xs" loading={s.replaying} onClick={() => void pageOutbox().then((o) => o.retryNow())} data-testid="outbox-retry">
              {ja.offline.retryNow}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** Badge plus list, for the layout header. */
export function OutboxStatus() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <OutboxBadge open={open} onToggle={() => setOpen((o) => !o)} />
      {open ? (
        <div className="app-outbox-panel">
          <OutboxList onClose={() => setOpen(false)} />
        </div>
      ) : null}
    </>
  );
}

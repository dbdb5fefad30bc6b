/**
 * The outbox in the header: a badge with the number of answers waiting (and whether some need a
 * sign-in or were refused), opening the list of this resident's entries with their status, the
 * last error and 今すぐ再送信. Nothing waits out of sight. Inline, not an overlay: no extra code
 * on the first screen.
 */
import { Badge, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { storedRefusalTextOf } from '../lib/error-text';
import { fill } from '../messages/fill';
import { ja } from '../messages/ja';
import { pageOutbox } from '../offline/load';
import type { OutboxEntry } from '../offline/outbox-snapshot';
import { useOutbox } from '../offline/use-outbox';
import { SignInButton } from './sign-in-again';

const statusColor: Record<OutboxEntry['status'], string> = {
  queued: 'yellow',
  sending: 'blue',
  'needs-auth': 'orange',
  rejected: 'red',
  delivered: 'green',
};

export function OutboxBadge({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const s = useOutbox();
  if (s.waiting === 0 && s.rejected === 0) return null;
  const color = s.rejected > 0 ? 'red' : s.needsAuth ? 'orange' : 'yellow';
  return (
    <UnstyledButton
      onClick={onToggle}
      aria-expanded={open}
      aria-label={fill(ja.offline.badgeLabel, { count: s.waiting })}
      data-testid="outbox-badge"
      data-waiting={s.waiting}
      data-state={s.rejected > 0 ? 'rejected' : s.needsAuth ? 'needs-auth' : 'waiting'}
      ml="auto"
    >
      <Group gap={4} wrap="nowrap">
        {s.waiting > 0 ? (
          <Badge color={color} variant="filled" data-testid="outbox-count">
            {s.waiting}
          </Badge>
        ) : null}
        {s.needsAuth ? (
          <Badge color="orange" variant="light">
            {ja.offline.badgeNeedsAuth}
          </Badge>
        ) : null}
        {s.rejected > 0 ? (
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
                {e.lastError ? (
                  <Text size="xs" c="dimmed" data-testid="outbox-error">
                    {/* A refusal with a text of its own (quota_exceeded: the slot went meanwhile; reservation_limit:
                        its message and detail) says that text. */}
                    {fill(ja.offline.lastError, { message: storedRefusalTextOf(e.lastError) ?? e.lastError.message })}
                  </Text>
                ) : null}
              </li>
            ))}
          </Stack>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onClose}>
            {ja.offline.close}
          </Button>
          {s.waiting > 0 ? (
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

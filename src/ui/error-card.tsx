import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ja } from '../messages/ja';

export interface ErrorCardProps {
  /** Replaces the spec's default text when a more precise one applies. */
  message?: string | undefined;
  /** Shown small under the message: the server's errorMessage (spec 01 §8 "shown raw"). */
  detail?: string | undefined;
  /** The failure as it came (status, code, message), kept in data-detail and off the screen. */
  rawDetail?: string | undefined;
  action?: ReactNode;
}

export function ErrorCard({ message, detail, rawDetail, action }: ErrorCardProps) {
  return (
    <Card withBorder padding="lg" role="alert" data-testid="error-card" data-detail={rawDetail}>
      <Stack gap="sm">
        <Title order={2} size="h4" c="red.8">
          {ja.errors.cardTitle}
        </Title>
        <Text>{message ?? ja.errors.display}</Text>
        {detail ? (
          <Text size="sm" c="dimmed" className="app-pre-wrap">
            {detail}
          </Text>
        ) : null}
        {action ?? (
          <Button variant="light" onClick={() => window.location.reload()}>
            {ja.common.reload}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

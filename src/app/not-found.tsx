import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ja } from '../messages/ja';

export function NotFoundScreen() {
  return (
    <Stack gap="md" align="center" py="xl" ta="center" data-testid="not-found">
      <Title order={1} size="h2">
        {ja.notFound.title}
      </Title>
      <Text>{ja.notFound.body}</Text>
      <Button variant="light" renderRoot={(props) => <Link {...props} to="/" />}>
        {ja.common.backToStart}
      </Button>
    </Stack>
  );
}

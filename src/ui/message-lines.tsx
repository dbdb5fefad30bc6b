import { Alert, Stack, Text } from '@mantine/core';

/** The catalogue's ●-lines (timeout, not-found, network) as one notice. */
export function MessageLines({ lines }: { lines: readonly string[] }) {
  return (
    <Alert color="orange" variant="light" role="alert" data-testid="error-message">
      <Stack gap={4}>
        {lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

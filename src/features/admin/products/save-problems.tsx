/** A refused save: the server's words, then each problem the importer's checks found, by field. */
import { Alert, Text } from '@mantine/core';
import { isApiClientError } from '../../../lib/api-error';

export function SaveProblems({ error }: { error: Error | null }) {
  if (!error) return null;
  const issues = isApiClientError(error) ? error.issues : [];
  return (
    <Alert color="red" role="alert">
      {error.message}
      {issues.map((i) => (
        <Text key={`${i.path}:${i.message}`} size="sm">
          {i.path}：{i.message}
        </Text>
      ))}
    </Alert>
  );
}

/** The slot CSV: chosen as a file or pasted, saved whole or not at all, its problems listed by line. */
import { useState } from 'react';
import { Alert, Button, Card, FileInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { isApiClientError } from '../../../lib/api-error';
import { jaConsole } from '../../../messages/ja-console';

const t = jaConsole.slots.csv;

export function SlotCsvImport(p: { onImport: (csv: string) => void; busy: boolean; error: unknown }) {
  const [text, setText] = useState('');
  const problems = isApiClientError(p.error) && p.error.code === 'slots_csv_invalid' ? (p.error.issues ?? []) : [];
  return (
    <Card withBorder data-testid="slot-csv">
      <Title order={2} size="h5" mb="xs">
        {t.heading}
      </Title>
      <Text size="sm" mb="xs">
        {t.help}
      </Text>
      <FileInput label={t.file} accept=".csv,text/csv" onChange={(f) => void f?.text().then(setText)} clearable />
      <Textarea label={t.text} value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={3} maxRows={10} mt="xs" styles={{ input: { fontFamily: 'monospace' } }} />
      <Button mt="xs" variant="default" disabled={text.trim() === ''} loading={p.busy} onClick={() => p.onImport(text)}>
        {t.submit}
      </Button>
      {problems.length > 0 ? (
        <Alert color="red" mt="xs" role="alert" title={t.problems} data-testid="slot-csv-problems">
          <Stack gap={2}>
            {problems.map((i) => (
              <Text size="sm" key={`${i.path}${i.message}`}>
                {i.path}：{i.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
    </Card>
  );
}

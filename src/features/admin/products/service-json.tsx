/** The whole service as the bundle's JSON, for what the table does not edit (its types, limit, receipt issuer, categories). */
import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { jaConsole } from '../../../messages/ja-console';
import { useServiceSave } from './product-queries';
import { SaveProblems } from './save-problems';

const t = jaConsole.products;

const objectOf = (text: string): Record<string, unknown> | null => {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

export function ServiceJson({ service }: { service: Record<string, unknown> }) {
  const save = useServiceSave();
  const [text, setText] = useState('');
  useEffect(() => setText(JSON.stringify(service, null, 2)), [service]);
  const parsed = objectOf(text);
  return (
    <Stack gap="xs">
      <Textarea label={t.json} description={t.jsonHint} value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={6} maxRows={20} ff="monospace" error={parsed ? undefined : t.badJson} />
      <SaveProblems error={save.error} />
      {save.isSuccess ? (
        <Text size="sm" role="status">
          {t.saved}
        </Text>
      ) : null}
      <Group>
        <Button variant="default" onClick={() => parsed && save.mutate(parsed)} disabled={!parsed} loading={save.isPending}>
          {t.saveJson}
        </Button>
      </Group>
    </Stack>
  );
}

/** The form editor's JSON tab: the whole config as text (items included), and every problem with its JSON path. */
import { Alert, Stack, Text, Textarea } from '@mantine/core';
import type { Issue } from '@core/contract/envelope';
import { jaConsole } from '../../../messages/ja-console';

const t = jaConsole.forms;

interface Props {
  text: string;
  textError: string | null;
  problems: readonly Issue[];
  onChange: (text: string) => void;
}

export function JsonTab({ text, textError, problems, onChange }: Props) {
  return (
    <Stack gap="xs">
      <Textarea
        label={t.json}
        description={t.jsonHelp}
        value={text}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={textError ? t.jsonBroken.replace('{reason}', textError) : undefined}
        autosize
        minRows={16}
        maxRows={40}
        spellCheck={false}
        styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } }}
        data-testid="config-json"
      />
      {problems.length > 0 ? <ProblemList problems={problems} /> : null}
    </Stack>
  );
}

/** Problems with their paths, as the server listed them. */
export function ProblemList({ problems, intro }: { problems: readonly Issue[]; intro?: string }) {
  return (
    <Alert color="red" title={t.problems.replace('{count}', String(problems.length))} data-testid="config-problems">
      {intro ? <Text size="sm">{intro}</Text> : null}
      <ul style={{ margin: 0, paddingInlineStart: '1.2em', fontSize: 'var(--mantine-font-size-sm)' }}>
        {problems.map((p) => (
          <li key={`${p.path}:${p.message}`}>
            <code>{p.path}</code>：{p.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

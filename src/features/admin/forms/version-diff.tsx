/** Two saved versions side by side as a line diff of their canonical JSON, changed lines with a little context. */
import { Alert, Group, NativeSelect, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { jaConsole } from '../../../messages/ja-console';
import { prettyJson } from './draft-json';
import { useFormVersion } from './form-queries';
import { lineDiff, type DiffLine } from './line-diff';

const t = jaConsole.forms;
const CONTEXT = 3;

/** The lines to show: every change, with CONTEXT unchanged lines around it; null for a gap. */
const shown = (lines: readonly DiffLine[]): (DiffLine | null)[] => {
  const keep = lines.map((l, i) => l.kind !== 'same' || lines.slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1).some((x) => x.kind !== 'same'));
  const out: (DiffLine | null)[] = [];
  keep.forEach((k, i) => {
    if (k) out.push(lines[i] as DiffLine);
    else if (out.at(-1) !== null) out.push(null);
  });
  return out;
};

const MARK = { same: ' ', removed: '-', added: '+' } as const;
const COLOR = { same: undefined, removed: 'var(--mantine-color-red-1)', added: 'var(--mantine-color-green-1)' } as const;

interface Props {
  surveyId: string;
  versions: readonly number[];
  from: number | null;
  to: number | null;
  onPick: (from: number, to: number) => void;
}

export function VersionDiff({ surveyId, versions, from, to, onPick }: Props) {
  const a = useFormVersion(surveyId, from);
  const b = useFormVersion(surveyId, to);
  const lines = useMemo(() => (a.data && b.data ? shown(lineDiff(prettyJson(a.data.config), prettyJson(b.data.config))) : null), [a.data, b.data]);
  const options = versions.map((v) => ({ value: String(v), label: t.version.replace('{version}', String(v)) }));
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <NativeSelect label={t.diffFrom} data={options} value={String(from ?? '')} onChange={(e) => onPick(Number(e.currentTarget.value), to ?? Number(e.currentTarget.value))} />
        <NativeSelect label={t.diffTo} data={options} value={String(to ?? '')} onChange={(e) => onPick(from ?? Number(e.currentTarget.value), Number(e.currentTarget.value))} />
      </Group>
      {lines && lines.length > 0 && lines.every((l) => l?.kind === 'same') ? <Alert color="gray">{t.diffSame}</Alert> : null}
      {lines && lines.some((l) => l && l.kind !== 'same') ? (
        <pre
          aria-label={t.diffLabel.replace('{from}', String(from)).replace('{to}', String(to))}
          data-testid="version-diff"
          style={{ fontSize: 12, margin: 0, padding: 8, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, overflowX: 'auto', maxHeight: '60vh' }}
        >
          {lines.map((l, i) =>
            l === null ? (
              <div key={i} style={{ color: 'var(--mantine-color-gray-7)' }}>
                …
              </div>
            ) : (
              <div key={i} style={{ background: COLOR[l.kind] }} data-kind={l.kind}>
                {MARK[l.kind]} {l.text}
              </div>
            ),
          )}
        </pre>
      ) : null}
    </Stack>
  );
}

/**
 * The answers list's filters bar: statuses (toggles, several at once), received days, reservation
 * day, one searchable item's value, free text; and the column chooser.
 */
import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ADMIN_STATUS_COLOURS } from '@core/rules/status';
import { jaConsole } from '../../../messages/ja-console';
import type { AnswersFilter } from './answer-queries';

const t = jaConsole.answers;

interface Item {
  itemKey: string;
  title: string;
  isSearchable: boolean;
}

export function AnswerFilters(p: { draft: AnswersFilter; setDraft: (f: AnswersFilter) => void; items: Item[]; apply: () => void; clear: () => void }) {
  const { draft, setDraft } = p;
  const set = (patch: Partial<AnswersFilter>) => setDraft({ ...draft, ...patch });
  const searchable = p.items.filter((i) => i.isSearchable);
  const toggle = (s: AnswersFilter['status'][number]) => set({ status: draft.status.includes(s) ? draft.status.filter((x) => x !== s) : [...draft.status, s] });
  return (
    <Paper withBorder p="sm" component="form" aria-label={t.apply} onSubmit={(e) => { e.preventDefault(); p.apply(); }}>
      <Stack gap="xs">
        <Group gap={6} role="group" aria-label={t.status}>
          <Text size="sm" fw={500} mr={4}>
            {t.status}
          </Text>
          {ADMIN_STATUS_COLOURS.map(([s]) => (
            <Button key={s} size="compact-sm" variant={draft.status.includes(s) ? 'filled' : 'default'} aria-pressed={draft.status.includes(s)} onClick={() => toggle(s)}>
              {s}
            </Button>
          ))}
        </Group>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput type="date" label={t.from} value={draft.from} onChange={(e) => set({ from: e.currentTarget.value })} w={150} />
          <TextInput type="date" label={t.to} value={draft.to} onChange={(e) => set({ to: e.currentTarget.value })} w={150} />
          <TextInput type="date" label={t.reservationDay} value={draft.reservationDay} onChange={(e) => set({ reservationDay: e.currentTarget.value })} w={150} />
          {searchable.length > 0 ? (
            <>
              <NativeSelect label={t.item} data={[{ value: '', label: '—' }, ...searchable.map((i) => ({ value: i.itemKey, label: i.title }))]} value={draft.itemKey} onChange={(e) => set({ itemKey: e.currentTarget.value })} w={160} />
              <TextInput label={t.itemValue} value={draft.itemValue} onChange={(e) => set({ itemValue: e.currentTarget.value })} w={160} disabled={draft.itemKey === ''} />
            </>
          ) : null}
          <TextInput label={t.text} value={draft.text} onChange={(e) => set({ text: e.currentTarget.value })} w={180} />
          <Button type="submit">{t.apply}</Button>
          <Button variant="default" onClick={p.clear}>
            {t.clear}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function ColumnChooser(p: { items: Item[]; columns: string[]; toggle: (itemKey: string) => void }) {
  return (
    <Group gap={6} role="group" aria-label={t.columns}>
      <Text size="sm" fw={500} mr={4}>
        {t.columns}
      </Text>
      {p.items.map((i) => (
        <Button key={i.itemKey} size="compact-xs" variant={p.columns.includes(i.itemKey) ? 'light' : 'subtle'} aria-pressed={p.columns.includes(i.itemKey)} onClick={() => p.toggle(i.itemKey)}>
          {i.title}
        </Button>
      ))}
    </Group>
  );
}

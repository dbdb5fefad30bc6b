/** A list of reminders (N日前 HH:MM), added and removed row by row: the form's and a calendar's alike. */
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { MAX_REMINDER_DAYS, MAX_REMINDERS } from '@core/messages/config-schema';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';

const t = jaConsole.lineMessages;

export interface ReminderDraft {
  daysBefore: number;
  at: string;
}

const DAY_OPTIONS = Array.from({ length: MAX_REMINDER_DAYS + 1 }, (_, n) => ({ value: String(n), label: n === 0 ? t.sameDay : fill(t.daysBeforeOption, { n }) }));

interface Props {
  rows: readonly ReminderDraft[];
  onChange: (rows: ReminderDraft[]) => void;
  readOnly?: boolean;
}

export function ReminderRows({ rows, onChange, readOnly = false }: Props) {
  const set = (i: number, next: Partial<ReminderDraft>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...next } : r)));
  return (
    <Stack gap="xs" data-testid="reminder-rows">
      {rows.map((r, i) => (
        <Group key={i} gap="xs" align="flex-end" data-testid="reminder">
          <NativeSelect label={t.daysBefore} aria-label={fill(t.daysBeforeOf, { n: i + 1 })} value={String(r.daysBefore)} data={DAY_OPTIONS} disabled={readOnly} onChange={(e) => set(i, { daysBefore: Number(e.currentTarget.value) })} />
          <TextInput label={t.at} aria-label={fill(t.atOf, { n: i + 1 })} value={r.at} placeholder="09:00" w={100} readOnly={readOnly} onChange={(e) => set(i, { at: e.currentTarget.value })} />
          {readOnly ? null : (
            <Button size="xs" variant="subtle" color="red" aria-label={fill(t.removeReminderOf, { n: i + 1 })} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              {t.remove}
            </Button>
          )}
        </Group>
      ))}
      {readOnly || rows.length >= MAX_REMINDERS ? null : (
        <Button variant="default" size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => onChange([...rows, { daysBefore: 1, at: '09:00' }])}>
          {t.addReminder}
        </Button>
      )}
    </Stack>
  );
}

/** The day sheet's controls: back to the calendars, the day (前日 / 今日 / 翌日 and a date field), print. */
import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Temporal } from 'temporal-polyfill';
import { jaConsole } from '../../../messages/ja-console';

const t = jaConsole.daySheet;

export function DaySheetNav(p: { date: string; today: string; onDate: (date: string) => void }) {
  const day = Temporal.PlainDate.from(p.date);
  return (
    <Group justify="space-between" className="day-sheet-no-print" wrap="wrap" gap="sm">
      <Anchor component={Link} to="/admin/calendars">
        {jaConsole.calendars.back}
      </Anchor>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" onClick={() => p.onDate(day.subtract({ days: 1 }).toString())}>
          {t.prev}
        </Button>
        <Button variant="default" onClick={() => p.onDate(p.today)} disabled={p.date === p.today}>
          {t.today}
        </Button>
        <Button variant="default" onClick={() => p.onDate(day.add({ days: 1 }).toString())}>
          {t.next}
        </Button>
        <TextInput
          type="date"
          aria-label={t.date}
          value={p.date}
          onChange={(e) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(e.currentTarget.value)) p.onDate(e.currentTarget.value);
          }}
          data-testid="day-sheet-date"
        />
        <Button variant="default" onClick={() => window.print()}>
          {t.print}
        </Button>
      </Group>
    </Group>
  );
}

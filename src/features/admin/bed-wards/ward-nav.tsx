/** The ward page's controls: back to the wards, the run of nights (前の7日 / 今日から / 次の7日 and a date field), print. */
import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { jaConsole } from '../../../messages/ja-console';

const t = jaConsole.ward;

export function WardNav(p: { from: string; today: string; onFrom: (date: string) => void; onEarlier: () => void; onLater: () => void }) {
  return (
    <Group justify="space-between" className="bed-ward-no-print" wrap="wrap" gap="sm">
      <Anchor component={Link} to="/admin/bed-wards">
        {jaConsole.wards.back}
      </Anchor>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" onClick={p.onEarlier}>
          {t.prev}
        </Button>
        <Button variant="default" onClick={() => p.onFrom(p.today)} disabled={p.from === p.today}>
          {t.today}
        </Button>
        <Button variant="default" onClick={p.onLater}>
          {t.next}
        </Button>
        <TextInput
          type="date"
          aria-label={t.from}
          value={p.from}
          onChange={(e) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(e.currentTarget.value)) p.onFrom(e.currentTarget.value);
          }}
          data-testid="ward-from"
        />
        <Button variant="default" onClick={() => window.print()}>
          {t.print}
        </Button>
      </Group>
    </Group>
  );
}

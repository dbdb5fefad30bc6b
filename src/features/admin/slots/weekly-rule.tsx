/** A weekly rule put onto the grid: these weekdays, one slot or all, so many places, from–to. */
import { useState } from 'react';
import { Button, Card, Checkbox, Group, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import type { Coma } from '@core/contract/calendars';
import { SLOT_QUOTA_MAX } from '@core/rules/slot-edits';
import { jaConsole } from '../../../messages/ja-console';

const t = jaConsole.slots;
const ALL = '*';

export function WeeklyRule(p: { comaList: Record<string, Coma>; from: string; to: string; onApply: (rule: { weekdays: number[]; quotas: Record<string, number>; from: string; to: string }) => void }) {
  const [weekdays, setWeekdays] = useState<string[]>(['1', '2', '3', '4', '5']);
  const [slot, setSlot] = useState(ALL);
  const [quota, setQuota] = useState('');
  const [from, setFrom] = useState(p.from);
  const [to, setTo] = useState(p.to);
  const n = /^\d{1,4}$/.test(quota.normalize('NFKC')) ? Number(quota.normalize('NFKC')) : null;
  const keys = slot === ALL ? Object.keys(p.comaList) : [slot];
  const valid = n !== null && n <= SLOT_QUOTA_MAX && weekdays.length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  return (
    <Card withBorder data-testid="weekly-rule">
      <Title order={2} size="h5" mb="xs">
        {t.rule.heading}
      </Title>
      <Checkbox.Group label={t.rule.weekdays} value={weekdays} onChange={setWeekdays}>
        <Group gap="xs" mt={4}>
          {t.weekdays.map((w, i) => (
            <Checkbox key={w} value={String(i + 1)} label={w} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group align="flex-end" mt="xs" gap="xs">
        <NativeSelect
          label={t.rule.slot}
          value={slot}
          onChange={(e) => setSlot(e.currentTarget.value)}
          data={[{ value: ALL, label: t.rule.allSlots }, ...Object.entries(p.comaList).map(([k, c]) => ({ value: k, label: `${c.start}〜${c.end}` }))]}
        />
        <TextInput label={t.rule.quota} inputMode="numeric" w={90} value={quota} onChange={(e) => setQuota(e.currentTarget.value)} />
        <TextInput label={t.rule.from} type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label={t.rule.to} type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Button
          variant="default"
          disabled={!valid}
          onClick={() => n !== null && p.onApply({ weekdays: weekdays.map(Number), quotas: Object.fromEntries(keys.map((k) => [k, n])), from, to })}
        >
          {t.rule.apply}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t.rule.note}
      </Text>
    </Card>
  );
}

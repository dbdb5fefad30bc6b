/** 税率: the rates by apply date with which is in force, and a new rate from a later day (the server refuses today or before). */
import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { Temporal } from 'temporal-polyfill';
import { jaConsole } from '../../../messages/ja-console';
import { useTaxRateAdd } from './product-queries';
import { SaveProblems } from './save-problems';

const t = jaConsole.products;

export function TaxRates({ setting, today }: { setting: Record<string, unknown> | null; today: string }) {
  const add = useTaxRateAdd();
  const tomorrow = Temporal.PlainDate.from(today).add({ days: 1 }).toString();
  const [applyDate, setApplyDate] = useState(tomorrow);
  const [value, setValue] = useState('');
  const rates = Array.isArray(setting?.['taxRates']) ? (setting['taxRates'] as { applyDate: string; value: number }[]) : [];
  const current = rates.filter((r) => r.applyDate <= today).at(-1)?.applyDate;
  const stateOf = (d: string) => (d > today ? 'future' : d === current ? 'current' : 'past');
  if (!setting) return <Text c="dimmed">{t.noTax}</Text>;
  return (
    <Stack gap="xs">
      <Table withTableBorder maw={480} data-testid="tax-rates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.applyDate}</Table.Th>
            <Table.Th>{t.rate}</Table.Th>
            <Table.Th>{t.state}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rates.map((r) => (
            <Table.Tr key={r.applyDate} data-testid="tax-rate" data-date={r.applyDate}>
              <Table.Td>{r.applyDate}</Table.Td>
              <Table.Td>{r.value}%</Table.Td>
              <Table.Td>
                <Badge variant="dot" color={stateOf(r.applyDate) === 'current' ? 'green' : 'gray'} c="dark" radius="sm" tt="none" styles={{ label: { overflow: 'visible' } }}>
                  {t.rateStates[stateOf(r.applyDate)]}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group align="flex-end">
        <TextInput type="date" label={t.applyDate} value={applyDate} min={tomorrow} onChange={(e) => setApplyDate(e.currentTarget.value)} />
        <TextInput label={t.rate} inputMode="decimal" value={value} onChange={(e) => setValue(e.currentTarget.value)} w={120} />
        <Button onClick={() => add.mutate({ applyDate, value: Number(value) })} loading={add.isPending} disabled={!/^\d+(\.\d+)?$/.test(value.trim()) || !/^\d{4}-\d{2}-\d{2}$/.test(applyDate)}>
          {t.addRate}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t.rateHint}
      </Text>
      <SaveProblems error={add.error} />
    </Stack>
  );
}

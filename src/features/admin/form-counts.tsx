/** A form's answers per status on the console home, in the listing's order, with the total. */
import { Group, Text } from '@mantine/core';
import type { StaffForm } from '@core/contract/staff';
import { ADMIN_STATUS_COLOURS } from '@core/rules/status';

export function FormCounts({ counts }: { counts: StaffForm['counts'] }) {
  if (!counts) return null;
  const shown = ADMIN_STATUS_COLOURS.map(([s]) => s).filter((s) => (counts.byStatus[s] ?? 0) > 0);
  return (
    <Group gap={8} wrap="wrap" data-testid="form-counts">
      <Text size="sm" fw={500}>
        {counts.total}
      </Text>
      {shown.map((s) => (
        <Text key={s} size="xs" c="dark">
          {s} {counts.byStatus[s]}
        </Text>
      ))}
    </Group>
  );
}

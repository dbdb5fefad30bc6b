/**
 * Linear scale (均等目盛): one radio per point from scale_min to scale_max (default 0–10), the
 * number above each, the end labels under the row. Columns share the width so 11 points fit a
 * 390 px screen.
 */
import { Group, Text } from '@mantine/core';
import { scalePoints } from '@core/items/linear-scale';
import { ChoiceList } from './choice-list';
import { textOf } from './parts';
import type { ItemProps } from './types';

export function LinearScaleItem(p: ItemProps<'linearScale'>) {
  const points = scalePoints({ scale_min: p.item.scale_min ?? 0, scale_max: p.item.scale_max ?? 10 });
  const { scale_min_label: minLabel, scale_max_label: maxLabel } = p.item;
  const value = textOf(p.value);
  return (
    <ChoiceList
      p={p}
      kind="radio"
      layout="scale"
      choices={points.map((n) => ({ value: String(n), label: String(n) }))}
      selected={value ? [value] : []}
      onToggle={(v) => p.onChange(v)}
      footer={
        minLabel || maxLabel ? (
          <Group justify="space-between" mt={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {minLabel}
            </Text>
            <Text size="xs" c="dimmed" ta="right">
              {maxLabel}
            </Text>
          </Group>
        ) : null
      }
    />
  );
}

/**
 * A read-only outline of the form's items. The real renderer (inputs, groups, display
 * conditions) comes with src/form and src/items; this only proves the config arrives whole.
 */
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { SchemaItem } from '@core/form/survey-config';
import { ja } from '../../messages/ja';

/** User mode requiredness (spec 01 §5): isRequired.value or isRequiredForUser.value. */
export const isRequiredForResident = (item: SchemaItem): boolean =>
  item.isRequired?.value === true || item.isRequiredForUser?.value === true;

export function SurveyItemList({ items }: { items: readonly SchemaItem[] }) {
  // Admin-only items are never shown to residents (spec 01 §6).
  const visible = items.filter((i) => !i.isAdminItem);
  if (visible.length === 0) return <Text c="dimmed">{ja.survey.noItems}</Text>;
  return (
    <Stack gap="sm" component="ol" className="app-plain-list">
      {visible.map((item) => (
        <li key={item.itemKey} data-testid="survey-item" data-item-key={item.itemKey}>
          <Paper withBorder p="sm">
            <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
              <Text fw={600}>{item.title}</Text>
              {isRequiredForResident(item) ? (
                <Badge color="red" variant="filled" size="sm" style={{ flexShrink: 0 }}>
                  {ja.common.required}
                </Badge>
              ) : null}
            </Group>
            {item.description ? (
              <Text size="sm" c="dimmed" mt={4} className="app-pre-wrap">
                {item.description}
              </Text>
            ) : null}
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

/**
 * The reservations an answer holds, as the completion page shows them (spec 01 §2): each
 * reservation item's title, then its categories, item, date and time — never the raw value.
 */
import { Card, Stack, Text } from '@mantine/core';
import type { AnswerRowInput } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { isReservationItem } from '@core/rules/reservation-value';
import type { ReservationItemConfig } from '../../calendar/categories';
import { laterComponent } from '../../lib/later-component';

// The calendar reads stay out of the form's first load (this screen is in the main bundle).
const ReservationLinesList = laterComponent(() => import('../../calendar/reservation-lines').then((m) => m.ReservationLinesList));

export interface Reserved {
  itemKey: string;
  title: string;
  item: ReservationItemConfig;
  value: string;
}

/** The reservation items' values among the rows sent. */
export const reservedOf = (config: ServedSurveyConfig, rows: readonly Pick<AnswerRowInput, 'itemKey' | 'value'>[]): Reserved[] =>
  config.surveySchema.filter(isReservationItem).flatMap((item) => {
    const value = rows.find((r) => r.itemKey === item.itemKey && r.value !== '')?.value;
    return value ? [{ itemKey: item.itemKey, title: item.title ?? '', item: item as ReservationItemConfig, value }] : [];
  });

export function ReservedList({ reserved }: { reserved: readonly Reserved[] }) {
  if (reserved.length === 0) return null;
  return (
    <Card withBorder padding="md" data-testid="completion-reservations" w="100%">
      <Stack gap="sm">
        {reserved.map((r) => (
          <Stack key={r.itemKey} gap={4}>
            {r.title ? <Text fw={700}>{r.title}</Text> : null}
            <ReservationLinesList item={r.item} value={r.value} />
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * The bed stay's finish message (spec 02 §2), drawn from the outbox entry that sent it: shown
 * right after sending, and again when the page is reloaded (?sent=<entry id>, offline/sent-entry.ts).
 */
import { Button, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { ja } from '../../messages/ja';
import { jaScreens } from '../../messages/ja-screens';
import type { OutboxEntry } from '../../offline/outbox-snapshot';
import { sentRowsOf } from '../../offline/sent-entry';
import { StaySummary, stayOfRows } from './stay-summary';

/** The outbox endpoints of a bed stay's create and change: the writes a finish page shows. */
export const BED_WRITE_ENDPOINTS = ['bedReservationCreate', 'bedReservationUpdate'] as const;

export function BedFinish({ config, entry }: { config: ServedSurveyConfig; entry: OutboxEntry }) {
  const changed = entry.endpoint === 'bedReservationUpdate';
  const stay = stayOfRows(sentRowsOf(entry));
  return (
    <Stack gap="sm" data-testid="bed-finish">
      <Text>{changed ? jaScreens.bed.finishChanged : typeof config.endOfSurveyMessage === 'string' ? config.endOfSurveyMessage : jaScreens.bed.finishDefault}</Text>
      {entry.status !== 'delivered' ? <Text size="sm">{jaScreens.bed.queued}</Text> : null}
      {stay ? <StaySummary stay={stay} /> : null}
      <Button variant="default" renderRoot={(p) => <Link {...p} to="/bed-reservation-list/$id" params={{ id: config.surveyId }} />}>
        {ja.bed.toHistory}
      </Button>
    </Stack>
  );
}

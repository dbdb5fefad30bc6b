/**
 * The bed confirm step (spec 02 §2, §5; spec 01 §6): the stay's admission and discharge, always —
 * under the titles of the form's startDate / endDate items when it has them, admin items or not —
 * then the resident's answers, admin items left out, a chosen bed by its name.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { answerValues } from '@core/form/validate';
import { END_DATE_KEY, START_DATE_KEY, bedNameOf, type BedChoice } from '@core/rules/bed-stay';
import { jaScreens } from '../../messages/ja-screens';
import { StaySummary, type Stay } from './stay-summary';

export interface BedConfirmProps {
  config: ServedSurveyConfig;
  values: Record<string, string>;
  stay: Stay;
  beds: readonly BedChoice[];
  editing: boolean;
  sending: boolean;
  /** The stay starts inside the cancel limit: said before it is sent. */
  insideLimit: boolean;
  /** A refusal of the send: shown here, above the buttons, where the resident is looking. */
  error: string | null;
  onBack: () => void;
  onSend: () => void;
}

export function BedConfirm({ config, values, stay, beds, editing, sending, insideLimit, error, onBack, onSend }: BedConfirmProps) {
  const items = new Map(config.surveySchema.map((i) => [i.itemKey, i]));
  const titleOf = (key: string) => items.get(key)?.title || undefined;
  const shown = Object.entries(answerValues(config, values, 'user')).filter(([k]) => !items.get(k)?.isAdminItem);
  return (
    <Stack gap="sm" data-testid="bed-confirm">
      <Title order={2} size="h4">
        {jaScreens.bed.confirmTitle}
      </Title>
      <StaySummary stay={stay} labels={{ admission: titleOf(START_DATE_KEY), discharge: titleOf(END_DATE_KEY) }} />
      {insideLimit ? (
        <Alert color="yellow" variant="light" data-testid="confirm-deadline-warning">
          {jaScreens.bed.insideLimit}
        </Alert>
      ) : null}
      {shown.map(([k, v]) => (
        <Text key={k} size="sm">
          {items.get(k)?.title}: {items.get(k)?.type === 'selectBed' ? bedNameOf(beds, String(v)) : String(v)}
        </Text>
      ))}
      {error ? (
        <Alert color="red" role="alert" data-testid="bed-error">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={sending}>
          {editing ? jaScreens.bed.confirmRevoke : jaScreens.bed.confirmBack}
        </Button>
        <Button onClick={onSend} loading={sending}>
          {editing ? jaScreens.bed.confirmChange : jaScreens.bed.confirmSend}
        </Button>
      </Group>
    </Stack>
  );
}

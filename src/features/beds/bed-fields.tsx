/**
 * The bed form's own items (the survey's schema), as text boxes, checked with the very validators
 * the server runs (core/form/validate.ts). A bed form asks for a few words (name, phone, notes).
 */
import { Stack, TextInput, Textarea } from '@mantine/core';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { isAnswerRequired, type FormIssues } from '@core/form/validate';
import { formatMessage } from '../../messages/format';

const TEXT_TYPES = new Set(['text', 'email', 'phone', 'number', 'postcode']);

export const fieldItemsOf = (config: ServedSurveyConfig) =>
  config.surveySchema.filter((i) => TEXT_TYPES.has(i.type) || i.type === 'textarea');

export interface BedFieldsProps {
  config: ServedSurveyConfig;
  values: Record<string, string>;
  issues: FormIssues;
  onChange: (itemKey: string, value: string) => void;
}

export function BedFields({ config, values, issues, onChange }: BedFieldsProps) {
  return (
    <Stack gap="sm">
      {fieldItemsOf(config).map((item) => {
        const props = {
          key: item.itemKey,
          label: item.title,
          description: 'description' in item && typeof item.description === 'string' ? item.description : undefined,
          withAsterisk: isAnswerRequired(item, 'user'),
          value: values[item.itemKey] ?? '',
          error: issues[item.itemKey]?.[0] ? formatMessage(issues[item.itemKey]![0]!) : undefined,
          onChange: (e: { currentTarget: { value: string } }) => onChange(item.itemKey, e.currentTarget.value),
        };
        return item.type === 'textarea' ? <Textarea {...props} autosize minRows={2} /> : <TextInput {...props} />;
      })}
    </Stack>
  );
}

/**
 * The bed form's own items (the survey's schema), as text boxes, checked with the very validators
 * the server runs (core/form/validate.ts). A bed form asks for a few words (name, phone, notes).
 * Each value is put in its item's canonical form (core/items normalize, as the survey form does)
 * on blur and before it is checked: the server takes only that form (a phone as its digits).
 * A select bed item offers the ward's beds (BedChoicesContext, provided by the bed screen).
 */
import { Stack, TextInput, Textarea } from '@mantine/core';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { isAnswerRequired, type FormIssues } from '@core/form/validate';
import { todayInTokyo } from '@core/ja/date-input';
import { itemDefOf } from '@core/items/registry';
import { END_DATE_KEY, START_DATE_KEY } from '@core/rules/bed-stay';
import { ItemLabel } from '../../form/item-frame';
import { SelectBedItem } from '../../items/select-bed';
import { isDesktop } from '../../lib/desktop';
import { formatMessage } from '../../messages/format';

const TEXT_TYPES = new Set(['text', 'email', 'phone', 'number', 'postcode']);

// The stay's own dates come from the calendar and the stay dialog, never from a field.
const STAY_KEYS = new Set([START_DATE_KEY, END_DATE_KEY]);

export const fieldItemsOf = (config: ServedSurveyConfig) =>
  config.surveySchema.filter((i) => !STAY_KEYS.has(i.itemKey) && !i.isAdminItem && (TEXT_TYPES.has(i.type) || i.type === 'textarea' || i.type === 'selectBed'));

type FieldItem = ReturnType<typeof fieldItemsOf>[number];

const canonical = (item: FieldItem, value: string): string => {
  const normalize = itemDefOf(item.type).normalize;
  return normalize ? normalize(value, item, { today: todayInTokyo(), desktop: isDesktop() }) : value;
};

/** The values in their items' canonical forms (090-1234-5678 → 09012345678); others as they are. */
export const normalizeFields = (config: ServedSurveyConfig, values: Record<string, string>): Record<string, string> => {
  const out = { ...values };
  for (const item of fieldItemsOf(config)) {
    const v = out[item.itemKey];
    if (v !== undefined) out[item.itemKey] = canonical(item, v);
  }
  return out;
};

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
          label: item.title,
          description: 'description' in item && typeof item.description === 'string' ? item.description : undefined,
          withAsterisk: isAnswerRequired(item, 'user'),
          value: values[item.itemKey] ?? '',
          error: issues[item.itemKey]?.[0] ? formatMessage(issues[item.itemKey]![0]!) : undefined,
          onChange: (e: { currentTarget: { value: string } }) => onChange(item.itemKey, e.currentTarget.value),
          onBlur: (e: { currentTarget: { value: string } }) => {
            const v = canonical(item, e.currentTarget.value);
            if (v !== e.currentTarget.value) onChange(item.itemKey, v);
          },
        };
        if (item.type === 'selectBed') {
          const required = isAnswerRequired(item, 'user');
          return (
            <SelectBedItem
              key={item.itemKey}
              item={item}
              id={`bed-field-${item.itemKey}`}
              label={<ItemLabel title={item.title} required={required} />}
              description={props.description}
              value={values[item.itemKey]}
              error={props.error}
              required={required}
              readOnly={false}
              onChange={(v) => onChange(item.itemKey, typeof v === 'string' ? v : '')}
              onBlur={() => {}}
            />
          );
        }
        return item.type === 'textarea' ? (
          <Textarea key={item.itemKey} {...props} autosize minRows={2} />
        ) : (
          <TextInput key={item.itemKey} {...props} />
        );
      })}
    </Stack>
  );
}

/**
 * The form editor's structured fields: the config's common top-level settings (core/form/
 * survey-config.ts names them), each showing the server's problems at its path. Items and
 * everything else are edited in the JSON tab.
 */
import { Checkbox, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { Issue } from '@core/contract/envelope';
import { UPDATE_ON_MODIFICATION, UPDATE_OR_CANCEL_SETTINGS } from '@core/form/survey-config';
import { jaConsole } from '../../../messages/ja-console';
import { pathIn, type DraftConfig } from './draft-json';

const t = jaConsole.forms;

/** Fields edited here: a problem outside them is listed for the JSON tab. */
export const COMMON_FIELDS = [
  'surveyTitle',
  'description',
  'headerImageUrl',
  'submitButtonTitle',
  'endOfSurveyMessage',
  'endOfSurveyMessageCancel',
  'isAppending',
  'isDisplayAnswerCode',
  'isEditDisabled',
  'calendarSetting',
  'usePayment',
  'memberFormId',
] as const;

type Field = (typeof COMMON_FIELDS)[number];

interface Props {
  draft: DraftConfig;
  problems: readonly Issue[];
  onChange: (field: string, value: unknown) => void;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const flagOn = (v: unknown): boolean => Boolean(v && typeof v === 'object' && (v as { value?: unknown }).value === true);

export function CommonFields({ draft, problems, onChange }: Props) {
  const errorOf = (field: Field) => {
    const list = problems.filter((p) => pathIn(p.path, field)).map((p) => (p.path === field ? p.message : `${p.path}: ${p.message}`));
    return list.length > 0 ? list.join(' / ') : undefined;
  };
  const text = (field: Field, long = false) => {
    const props = {
      label: t.fields[field as keyof typeof t.fields],
      value: str(draft[field]),
      error: errorOf(field),
      // An emptied optional text is no setting at all; the title stays, empty, for the server to refuse.
      onChange: (e: { currentTarget: { value: string } }) => onChange(field, e.currentTarget.value === '' && field !== 'surveyTitle' ? undefined : e.currentTarget.value),
      'data-testid': `field-${field}`,
    };
    return long ? <Textarea autosize minRows={2} maxRows={8} {...props} /> : <TextInput {...props} />;
  };
  const flag = (field: 'isAppending' | 'isDisplayAnswerCode' | 'isEditDisabled') => (
    <Checkbox
      label={t.fields[field]}
      checked={flagOn(draft[field])}
      error={errorOf(field)}
      onChange={(e) => onChange(field, e.currentTarget.checked ? { value: true } : undefined)}
      data-testid={`field-${field}`}
    />
  );
  const calendar = (draft['calendarSetting'] ?? {}) as Record<string, unknown>;
  const setCalendar = (key: string, value: string) => {
    const next = { ...calendar };
    if (value === '') delete next[key];
    else next[key] = value;
    onChange('calendarSetting', Object.keys(next).length > 0 ? next : undefined);
  };
  const parts = Array.isArray(draft['endOfSurveyMessage']);
  return (
    <Stack gap="sm">
      {text('surveyTitle')}
      {text('description', true)}
      {text('headerImageUrl')}
      {text('submitButtonTitle')}
      {parts ? <Text size="sm">{t.fields.endOfSurveyMessageParts}</Text> : text('endOfSurveyMessage', true)}
      {text('endOfSurveyMessageCancel', true)}
      {flag('isAppending')}
      {flag('isDisplayAnswerCode')}
      {flag('isEditDisabled')}
      <NativeSelect
        label={t.fields.updateOrCancelSettings}
        value={str(calendar['updateOrCancelSettings'])}
        error={errorOf('calendarSetting')}
        data={[{ value: '', label: t.unset }, ...UPDATE_OR_CANCEL_SETTINGS.map((v) => ({ value: v, label: t.updateOrCancel[v] }))]}
        onChange={(e) => setCalendar('updateOrCancelSettings', e.currentTarget.value)}
      />
      <NativeSelect
        label={t.fields.updateSettingsOnModification}
        value={str(calendar['updateSettingsOnModification'])}
        data={[{ value: '', label: t.unset }, ...UPDATE_ON_MODIFICATION.map((v) => ({ value: v, label: t.onModification[v] }))]}
        onChange={(e) => setCalendar('updateSettingsOnModification', e.currentTarget.value)}
      />
      <Checkbox
        label={t.fields.usePayment}
        checked={draft['usePayment'] === 1}
        error={errorOf('usePayment')}
        onChange={(e) => onChange('usePayment', e.currentTarget.checked ? 1 : 0)}
      />
      {text('memberFormId')}
    </Stack>
  );
}

/** The calendar's name, its 受付停止 and its booking rules (spec 02 §3, §5, §9), as form fields. */
import { Checkbox, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { jaConsole } from '../../../messages/ja-console';
import { NUMBER_FIELDS, numberOf, type NumberField } from './settings-draft';
import type { SettingsEditor } from './use-settings-editor';

const t = jaConsole.calendarSettings;

const LABELS: Record<NumberField, string> = {
  reservationPossibleStart: t.possibleStart,
  reservationPossibleMonths: t.possibleMonths,
  reservationCancelLimit: t.cancelLimit,
  reservationMaxCount: t.maxCount,
  reservationMaxCountOfDay: t.maxCountOfDay,
};

export function RuleFields({ editor, readOnly }: { editor: SettingsEditor; readOnly: boolean }) {
  const d = editor.draft;
  if (!d) return null;
  return (
    <>
      <TextInput label={t.name} value={d.calendarName} readOnly={readOnly} onChange={(e) => editor.edit({ calendarName: e.currentTarget.value })} maw={420} />
      <Checkbox label={t.off} checked={d.calendarOff} disabled={readOnly} onChange={(e) => editor.edit({ calendarOff: e.currentTarget.checked })} />
      <SimpleGrid cols={2} spacing="sm" data-testid="rule-fields">
        {NUMBER_FIELDS.map((f) => (
          <TextInput
            key={f}
            label={LABELS[f]}
            inputMode="numeric"
            value={d[f]}
            readOnly={readOnly}
            error={numberOf(d, f) === undefined ? t.notNumber : undefined}
            onChange={(e) => editor.edit({ [f]: e.currentTarget.value })}
          />
        ))}
        <NativeSelect
          label={t.controlType}
          value={String(d.reservationControlType)}
          disabled={readOnly}
          onChange={(e) => editor.edit({ reservationControlType: Number(e.currentTarget.value) as 0 | 1 | 2 })}
          data={t.controlTypes.map((label, i) => ({ value: String(i), label }))}
        />
        <TextInput label={t.reservationStart} type="date" value={d.reservationStart} readOnly={readOnly} onChange={(e) => editor.edit({ reservationStart: e.currentTarget.value })} />
        <TextInput label={t.startDate} type="date" value={d.startDate} readOnly={readOnly} onChange={(e) => editor.edit({ startDate: e.currentTarget.value })} />
        <TextInput label={t.endDate} type="date" value={d.endDate} readOnly={readOnly} onChange={(e) => editor.edit({ endDate: e.currentTarget.value })} />
      </SimpleGrid>
    </>
  );
}

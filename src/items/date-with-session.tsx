/**
 * Date with 午前/午後: the typed date (read on blur like the date item, future dates allowed) and
 * a choice of session, held together as "YYYY-MM-DD 午前".
 */
import { Group, Input, TextInput } from '@mantine/core';
import { DATE_SESSIONS, joinDateSession, splitDateSession, type DateSession } from '@core/items/date-with-session';
import { DATE_INPUT_MAX_LENGTH } from '@core/ja/date-input';
import { ja } from '../messages/ja';
import { asChoices, ChoiceInputs, describedBy } from './choice-list';
import { dateDisplay, textOf, wrapperProps } from './parts';
import type { ItemProps, ItemUi } from './types';

const SESSION_CHOICES = asChoices(DATE_SESSIONS);

export function DateWithSessionItem(p: ItemProps<'dateWithSession'>) {
  const { date, session } = splitDateSession(textOf(p.value));
  const { error, ...wrapper } = wrapperProps(p);
  return (
    <Input.Wrapper {...wrapper} error={error} labelElement="label">
      <Group gap="sm" wrap="nowrap" align="center" mt={4}>
        <TextInput
          id={p.id}
          className="form-grow"
          aria-describedby={describedBy(p.id, error, p.description)}
          aria-invalid={error ? true : undefined}
          aria-required={p.required || undefined}
          value={date}
          onChange={(e) => p.onChange(joinDateSession(e.currentTarget.value, session))}
          onBlur={p.onBlur}
          readOnly={p.readOnly}
          placeholder={ja.items.datePlaceholder}
          maxLength={DATE_INPUT_MAX_LENGTH}
          autoComplete="off"
        />
        <div role="radiogroup" aria-label={ja.items.sessionLabel} className="form-no-shrink">
          <ChoiceInputs
            id={`${p.id}-session`}
            name={`${p.id}-session`}
            kind="radio"
            layout="row"
            choices={SESSION_CHOICES}
            selected={session ? [session] : []}
            onToggle={(v) => p.onChange(joinDateSession(date, v as DateSession))}
            readOnly={p.readOnly}
          />
        </div>
      </Group>
    </Input.Wrapper>
  );
}

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'dateWithSession'> = { Component: DateWithSessionItem, display: dateDisplay };

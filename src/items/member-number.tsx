/**
 * Member number (会員番号): automatic ones are shown, never typed (the server gives them); a typed
 * one is checked on blur against the numbers already given, and a taken one shows the message
 * under the input. A check that fails (offline) says nothing: the server refuses a taken number
 * when the registration arrives.
 */
import { Input, Text, TextInput } from '@mantine/core';
import { useContext } from 'react';
import { MEMBER_NUMBER_MAX_LENGTH } from '@core/items/member-number';
import type { FormValue } from '@core/items/define';
import { groupedMemberNumber, isManualMemberNumber } from '@core/rules/member-number';
import { useFormEngine } from '../form/engine-context';
import { formatMessage } from '../messages/format';
import { ja } from '../messages/ja';
import { MemberNumberCheckContext } from './member-number-check';
import { textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps, ItemUi } from './types';

/** A number as residents read it (0001-0000001): the display wherever an answer is shown again. */
export const displayNumber = (value: FormValue): string => groupedMemberNumber(textOf(value));

/**
 * An automatic number: the given one (a record being changed), grouped for reading, or before it is
 * given a line saying it will be given on registration — not an empty box (issue 54).
 */
export function AutomaticNumber(p: ItemProps<'memberNumber' | 'numbering'>) {
  const value = textOf(p.value);
  if (value === '')
    return (
      // A div label: there is no box to label, only the line.
      <Input.Wrapper {...wrapperProps(p)} labelElement="div" data-testid="auto-number-pending">
        <Text size="sm" c="dimmed" data-testid="auto-number-note">
          {ja.items.autoNumberPending}
        </Text>
      </Input.Wrapper>
    );
  return <TextInput {...wrapperProps(p)} readOnly value={displayNumber(value)} data-testid="auto-number" />;
}

export function MemberNumberItem(p: ItemProps<'memberNumber'>) {
  const engine = useFormEngine();
  const check = useContext(MemberNumberCheckContext);
  if (p.item.isAutomaticNumbering === true) return <AutomaticNumber {...p} />;
  const key = p.item.itemKey;
  const onBlur = () => {
    p.onBlur();
    const saiban = textOf(engine.store.getValue(key));
    if (!check || !isManualMemberNumber(saiban)) return;
    void check(saiban).then(
      (taken) => {
        // The resident may have typed on meanwhile: answer only the number still there.
        if (textOf(engine.store.getValue(key)) === saiban && taken) engine.setError(key, formatMessage({ key: 'memberNumberTaken' }));
      },
      (e: unknown) => console.warn('member number check failed', e),
    );
  };
  return (
    <TextInput
      {...wrapperProps(p)}
      {...typedInputProps(p)}
      onBlur={onBlur}
      value={textOf(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
      maxLength={MEMBER_NUMBER_MAX_LENGTH}
      placeholder={ja.items.memberNumberPlaceholder}
      autoCapitalize="off"
      autoComplete="off"
      spellCheck={false}
      data-testid={`member-number-${key}`}
    />
  );
}

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'memberNumber'> = { Component: MemberNumberItem, display: displayNumber };

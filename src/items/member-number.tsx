/**
 * Member number (会員番号): automatic ones are shown, never typed (the server gives them); a typed
 * one is checked on blur against the numbers already given, and a taken one shows the message
 * under the input. A check that fails (offline) says nothing: the server refuses a taken number
 * when the registration arrives.
 */
import { Text, TextInput } from '@mantine/core';
import { useContext } from 'react';
import { MEMBER_NUMBER_MAX_LENGTH } from '@core/items/member-number';
import { isManualMemberNumber } from '@core/rules/member-number';
import { useFormEngine } from '../form/engine-context';
import { formatMessage } from '../messages/format';
import { ja } from '../messages/ja';
import { MemberNumberCheckContext } from './member-number-check';
import { textOf, typedInputProps, wrapperProps } from './parts';
import type { ItemProps, ItemUi } from './types';

/** An automatic number: the given one (a record being changed) or the note that it will be given. */
export function AutomaticNumber(p: ItemProps<'memberNumber' | 'numbering'>) {
  const value = textOf(p.value);
  return (
    <TextInput
      {...wrapperProps(p)}
      readOnly
      value={value}
      // No placeholder: the note under the box says it once.
      inputContainer={(input) => (
        <>
          {input}
          {value === '' ? (
            <Text size="xs" c="dimmed" mt={4} data-testid="auto-number-note">
              {ja.items.autoNumberPending}
            </Text>
          ) : null}
        </>
      )}
    />
  );
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
export const ui: ItemUi<'memberNumber'> = { Component: MemberNumberItem };

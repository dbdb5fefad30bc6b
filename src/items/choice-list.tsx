/**
 * Radios and checkboxes as native inputs inside Mantine's Input.Wrapper (label, description,
 * error). Mantine's Radio and Checkbox cost about 0.7 ms each to mount; a form of a few hundred
 * questions holds thousands of options (a 0–10 scale alone is 11), so options are plain
 * <label><input></label> pairs styled in form.css, and keyboard, focus and form semantics are
 * the browser's own.
 */
import { Input } from '@mantine/core';
import type { ReactNode } from 'react';
import { wrapperProps } from './parts';
import type { ItemProps } from './types';
import type { ItemType } from '@core/form/item-types';

export interface Choice {
  value: string;
  label: ReactNode;
}

export interface ChoiceListProps<T extends ItemType> {
  p: ItemProps<T>;
  kind: 'radio' | 'checkbox';
  choices: readonly Choice[];
  selected: readonly string[];
  onToggle: (value: string, checked: boolean) => void;
  isDisabled?: (value: string) => boolean;
  /** column (default), row, or scale (equal columns, the label above its input). */
  layout?: 'column' | 'row' | 'scale';
  /** Shown under the options (linear scale end labels). */
  footer?: ReactNode;
}

/** The aria-describedby Mantine would give a single input: the error, then the description. */
export const describedBy = (id: string, error: unknown, description: unknown): string | undefined =>
  [error ? `${id}-error` : '', description ? `${id}-description` : ''].filter(Boolean).join(' ') || undefined;

export interface ChoiceInputsProps {
  id: string;
  name: string;
  kind: 'radio' | 'checkbox';
  choices: readonly Choice[];
  selected: readonly string[];
  onToggle: (value: string, checked: boolean) => void;
  isDisabled?: ((value: string) => boolean) | undefined;
  readOnly: boolean;
  onBlur?: (() => void) | undefined;
  layout?: 'column' | 'row' | 'scale' | undefined;
}

/** The options alone, for items that lay out their own wrapper (date + 午前/午後, search results). */
export function ChoiceInputs({
  id,
  name,
  kind,
  choices,
  selected,
  onToggle,
  isDisabled,
  readOnly,
  onBlur,
  layout = 'column',
}: ChoiceInputsProps) {
  return (
    <div
      className="form-choices"
      data-layout={layout}
      style={layout === 'scale' ? { gridTemplateColumns: `repeat(${choices.length}, minmax(0, 1fr))` } : undefined}
    >
      {choices.map((c, i) => (
        <label key={c.value} className="form-choice">
          {layout === 'scale' ? <span className="form-choice-text">{c.label}</span> : null}
          <input
            id={i === 0 ? id : `${id}-${i}`}
            type={kind}
            name={name}
            value={c.value}
            checked={selected.includes(c.value)}
            disabled={readOnly || (isDisabled?.(c.value) ?? false)}
            onChange={(e) => onToggle(c.value, e.currentTarget.checked)}
            onBlur={onBlur}
          />
          {layout === 'scale' ? null : <span className="form-choice-text">{c.label}</span>}
        </label>
      ))}
    </div>
  );
}

export function ChoiceList<T extends ItemType>({ p, kind, choices, selected, onToggle, isDisabled, layout, footer }: ChoiceListProps<T>) {
  const wrapper = wrapperProps(p);
  return (
    <Input.Wrapper {...wrapper} labelElement="div">
      <div
        role={kind === 'radio' ? 'radiogroup' : 'group'}
        aria-labelledby={`${p.id}-label`}
        aria-describedby={describedBy(p.id, p.error, p.description)}
        aria-required={kind === 'radio' && p.required ? true : undefined}
        aria-invalid={p.error ? true : undefined}
      >
        <ChoiceInputs
          id={p.id}
          name={p.id}
          kind={kind}
          choices={choices}
          selected={selected}
          onToggle={onToggle}
          isDisabled={isDisabled}
          readOnly={p.readOnly}
          onBlur={p.onBlur}
          layout={layout}
        />
        {footer}
      </div>
    </Input.Wrapper>
  );
}

export const asChoices = (options: readonly string[]): Choice[] => options.map((o) => ({ value: o, label: o }));

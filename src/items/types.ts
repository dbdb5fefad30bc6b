/**
 * The contract between the renderer engine (src/form) and one item type's component. The engine
 * owns the state: it hands a component its own value and error text and takes changes back, so a
 * component never reads another item's answer (the postcode lookup writes through `fill`).
 */
import type { ComponentType, ReactNode } from 'react';
import type { ItemType } from '@core/form/item-types';
import type { FormValue } from '@core/items/define';
import type { SchemaItemOf } from '@core/items/registry';

export interface SectionControl {
  open: boolean;
  toggle: () => void;
  /** The id of the section body, for aria-controls. */
  bodyId: string;
}

export interface ItemProps<T extends ItemType = ItemType> {
  item: SchemaItemOf<T>;
  /** The id of the item's (first) input, which its <label> points at. */
  id: string;
  /** The title with the 必須 badge, for the input's label. */
  label: ReactNode;
  /** The description with its links, and the item's image; undefined when it has neither. */
  description: ReactNode;
  value: FormValue | undefined;
  /** The message to show under the input (already in Japanese). */
  error: string | undefined;
  required: boolean;
  readOnly: boolean;
  onChange: (value: FormValue | undefined) => void;
  /** Normalises the value (width, dates) and shows its validation. */
  onBlur: () => void;
  /** Group headers only: the section they open and close. */
  section?: SectionControl | undefined;
}

export interface ItemUi<T extends ItemType = ItemType> {
  Component: ComponentType<ItemProps<T>>;
  /**
   * A choice (radio, select, checkbox) shows its validation as soon as it changes; a typed field
   * shows a new error on blur, so a resident is not told off for a half-typed value (an error that
   * is already shown still updates, or clears, on each keystroke).
   */
  showErrorOnChange?: boolean;
  /** The answer as the confirmation shows it, when the stored value is not for reading (reservations). */
  display?: (value: FormValue) => string;
}

/**
 * What one item type brings: its config fields, how its value is held, its requiredness message,
 * its validator and normaliser; and, as a second export of its file, the samples the table-driven
 * tests loop over. One file per type in core/items; the registry (registry.ts) is
 * `{ [K in ItemType]: ItemDef<K> }`, so a type with no file, or a file with no entry, fails the
 * type check; samples.ts is the same for the samples.
 */
import type * as z from 'zod/mini';
import type { Temporal } from 'temporal-polyfill';
import type { ItemType } from '../form/item-types';
import type { MessageKey } from './messages';

/** A form value: one string, or a list for multi-value items (checkboxes: one row per value). */
export type FormValue = string | string[];
export type FormValues = Readonly<Record<string, FormValue | undefined>>;

export type Mode = 'user' | 'admin';

/** A validation failure: a message key of the catalogue (src/messages/ja.ts) and its parameters. */
export interface ValidationIssue {
  key: MessageKey;
  params?: Readonly<Record<string, string | number>>;
}

export interface ValidateContext {
  mode: Mode;
  /** Today in Asia/Tokyo (core/ja/date-input.ts todayInTokyo); injected so rules about the present are testable. */
  today: Temporal.PlainDate;
}

export interface NormalizeContext {
  today: Temporal.PlainDate;
  /** Width conversion on input happens on desktop only (spec 01 §5); phones keep what the IME gives. */
  desktop: boolean;
}

/** How an item holds its answer: none (static text, headers, link buttons), one string, or a list. */
export type ValueKind = 'none' | 'single' | 'multi';

/** Judged on tests/core/sample-today.ts's day (a module here may not call Temporal as it loads: src/lib/temporal.ts). */
export interface ItemSamples<C> {
  /** Configs (type-specific fields only; itemKey/type/title are filled in by the tests). */
  configs: readonly C[];
  /** Values every sample config accepts. */
  valid: readonly FormValue[];
  /** Values one sample config accepts (for configs too narrow to share `valid`, e.g. a format). */
  validFor?: readonly { value: FormValue; config: number }[];
  /** Values refused, each with the exact first issue expected; `config` picks a sample config (default 0). */
  invalid: readonly { value: FormValue; issue: ValidationIssue; config?: number }[];
  /** Typed text and its canonical form under `normalize` (desktop unless `desktop: false`). */
  normalized?: readonly { raw: string; expected: string; config?: number; desktop?: boolean }[];
}

export interface ItemDef<T extends ItemType, S extends z.core.$ZodShape = z.core.$ZodShape> {
  type: T;
  /**
   * Type-specific config fields, merged onto the common item fields (core/form/item-base.ts).
   * Built when the type's schema is first needed (registry.ts), not when the app loads.
   */
  configShape: () => S;
  valueKind: ValueKind;
  /** Message when a required item is empty: 必須です / 必須項目 / 必須 (spec 01 §5). */
  requiredKey: Extract<MessageKey, 'required' | 'requiredItem' | 'requiredShort' | 'facilityRequired'>;
  /** Validates a non-empty value (emptiness is the requiredness rule's business). First issue first. */
  validate(value: FormValue, item: ItemConfig<S>, ctx: ValidateContext): ValidationIssue[];
  /** Canonical form of a typed value (width, separators, eras); idempotent, never throws. */
  normalize?(value: string, item: ItemConfig<S>, ctx: NormalizeContext): string;
  /** Values beyond the blank ones that mean "no answer" for this type (dates: the text "null"). */
  isEmpty?(value: FormValue): boolean;
  /** Whether the config alone demands an answer, whatever isRequired says (checkboxes: selection.min ≥ 1). */
  requiredByConfig?(item: ItemConfig<S>): boolean;
  /**
   * Whether the server gives this item's value when it stores the answer (automatic numbers): the
   * form then neither asks for it nor sends it, and a value sent anyway is dropped.
   */
  serverAssigned?(item: ItemConfig<S>): boolean;
}

/** A type's samples, typed by its config fields; a separate export, so the app's bundle leaves them out. */
export type SamplesOf<D> = D extends ItemDef<ItemType, infer S> ? ItemSamples<{ [K in keyof S]?: z.input<S[K]> } & SampleCommonFields> : never;

/** Common fields a sample config may set besides the type's own (itemKey, type, title come from the tests). */
export interface SampleCommonFields {
  options?: string[];
  sectionOptions?: { option: string; groupheader: string }[];
  attributes?: Record<string, unknown>;
  length?: { min?: number | null; max?: number | null };
  range?: { min?: number | null; max?: number | null };
  selection?: { min?: number | null; max?: number | null };
}

/** The config an item's validator sees: the common fields plus its own. */
export type ItemConfig<S extends z.core.$ZodShape> = z.output<z.ZodMiniObject<S>> & CommonItemFields;

type MinMax = { min?: number | null | undefined; max?: number | null | undefined } | undefined;

export interface CommonItemFields {
  itemKey: string;
  type: ItemType;
  title: string;
  options?: string[] | undefined;
  attributes?: Record<string, unknown> | undefined;
  length?: MinMax;
  range?: MinMax;
  selection?: MinMax;
}

export const defineItem = <T extends ItemType, S extends z.core.$ZodShape>(def: ItemDef<T, S>): ItemDef<T, S> => def;

/** Blank for every type: nothing, whitespace only (full-width spaces too), or an empty list. */
export const isEmptyValue = (v: FormValue | undefined | null): boolean =>
  v === undefined || v === null || (Array.isArray(v) ? v.every((s) => s.trim() === '') : v.trim() === '');

/** A one-value item's value, or undefined when a list came where one string belongs. */
export const single = (v: FormValue): string | undefined => (typeof v === 'string' ? v : undefined);

/** A multi-value item's list; one string counts as a list of one (a legacy row without #value). */
export const list = (v: FormValue): string[] => (typeof v === 'string' ? [v] : v);

export const issue = (key: MessageKey, params?: Record<string, string | number>): ValidationIssue =>
  params ? { key, params } : { key };

export const INVALID_VALUE: ValidationIssue = { key: 'invalidValue' };

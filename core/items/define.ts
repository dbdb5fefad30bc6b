/**
 * What one item type brings: its config fields, how its value is held, its requiredness message,
 * its validator and normaliser, and the samples the table-driven tests loop over. One file per type
 * in core/items; the registry (registry.ts) is `{ [K in ItemType]: ItemDef<K> }`, so a type with no
 * file, or a file with no entry, fails the type check.
 */
import type { z } from 'zod';
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
  /** Today in Asia/Tokyo; injected so rules about the present are testable. */
  today: Temporal.PlainDate;
}

export interface NormalizeContext {
  today: Temporal.PlainDate;
  /** Width conversion on input happens on desktop only (spec 01 §5); phones keep what the IME gives. */
  desktop: boolean;
}

/** How an item holds its answer: none (static text, headers, link buttons), one string, or a list. */
export type ValueKind = 'none' | 'single' | 'multi';

export interface ItemSamples<C> {
  /** Configs (type-specific fields only; itemKey/type/title are filled in by the tests). */
  configs: readonly C[];
  /** Values every sample config accepts. */
  valid: readonly FormValue[];
  /** Values refused, each with the exact first issue expected; `config` picks a sample config (default 0). */
  invalid: readonly { value: FormValue; issue: ValidationIssue; config?: number }[];
}

export interface ItemDef<T extends ItemType, S extends z.ZodRawShape = z.ZodRawShape> {
  type: T;
  /** Type-specific config fields, merged onto the common item fields. */
  configShape: S;
  valueKind: ValueKind;
  /** Message when a required item is empty: 必須です / 必須項目 / 必須 (spec 01 §5). */
  requiredKey: Extract<MessageKey, 'required' | 'requiredItem' | 'requiredShort'>;
  /** Validates a non-empty value (emptiness is the requiredness rule's business). First issue first. */
  validate(value: FormValue, item: ItemConfig<S>, ctx: ValidateContext): ValidationIssue[];
  /** Canonical form of a typed value (width, separators, eras); idempotent, never throws. */
  normalize?(value: string, item: ItemConfig<S>, ctx: NormalizeContext): string;
  samples: ItemSamples<Partial<z.input<z.ZodObject<S>>>>;
}

/** The config an item's validator sees: the common fields plus its own. */
export type ItemConfig<S extends z.ZodRawShape> = z.output<z.ZodObject<S>> & CommonItemFields;

export interface CommonItemFields {
  itemKey: string;
  type: ItemType;
  title: string;
  options?: string[] | undefined;
  length?: { min?: number | null | undefined; max?: number | null | undefined } | undefined;
  range?: { min?: number | null | undefined; max?: number | null | undefined } | undefined;
  selection?: { min?: number | null | undefined; max?: number | null | undefined } | undefined;
}

export const defineItem = <T extends ItemType, S extends z.ZodRawShape>(def: ItemDef<T, S>): ItemDef<T, S> => def;

export const isEmptyValue = (v: FormValue | undefined | null): boolean =>
  v === undefined || v === null || (Array.isArray(v) ? v.length === 0 : v.trim() === '' || v === 'null');

/**
 * The fields every schema item carries (spec 01 §3). Each item type's own fields are merged onto
 * these in core/items/registry.ts, one schema per type behind `schemaItemSchema`. Loose: fields
 * this version does not know are kept, so a config written for a newer renderer survives a round trip.
 */
import * as z from 'zod/mini';
import { ITEM_TYPES } from './item-types';

/** The category levels a displayCondition.bunruiKey names; tagN is levelN's name in category rows. */
export const BUNRUI_KEYS = ['large', 'medium', 'small', 'tag1', 'tag2', 'tag3'] as const;
export type BunruiKey = (typeof BUNRUI_KEYS)[number];

export const flagSchema = z.partial(z.object({ value: z.optional(z.boolean()) }));
export const requiredFlagSchema = z.object({ value: z.optional(z.boolean()), admin: z.optional(z.boolean()) });
export const minMaxSchema = z.object({ min: z.optional(z.nullable(z.number())), max: z.optional(z.nullable(z.number())) });

export const displayConditionSchema = z.object({
  type: z.enum(['show', 'hide']),
  /** The itemKey of the question whose answer decides. */
  questionId: z.string(),
  answers: z.array(z.string()),
  /**
   * A category condition (spec 01 §3): questionId is a reservation item, bunruiKey the level of
   * its chosen category (large/medium/small, or tag1/tag2/tag3) and answers category names at that
   * level (core/form/visibility.ts).
   */
  bunruiKey: z.optional(z.enum(BUNRUI_KEYS)),
});
export type DisplayCondition = z.infer<typeof displayConditionSchema>;

export const sectionOptionSchema = z.object({
  option: z.string(),
  /** The group header the option opens: its itemKey, or else its title. */
  groupheader: z.string(),
});

export const schemaItemBaseSchema = z.looseObject({
  itemKey: z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[^#|]+$/, 'itemKey に # と | は使えません')),
  type: z.enum(ITEM_TYPES),
  title: z._default(z.string(), ''),
  description: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
  isRequired: z.optional(requiredFlagSchema),
  isRequiredForUser: z.optional(flagSchema),
  isSearchable: z.optional(flagSchema),
  isAdminItem: z.optional(z.boolean()),
  isNotEditable: z.optional(z.boolean()),
  disabled: z.optional(z.boolean()),
  default: z.optional(z.unknown()),
  input: z.optional(z.unknown()),
  options: z.optional(z.array(z.string())),
  sectionOptions: z.optional(z.array(sectionOptionSchema)),
  attributes: z.optional(z.record(z.string(), z.unknown())),
  length: z.optional(minMaxSchema),
  range: z.optional(minMaxSchema),
  selection: z.optional(minMaxSchema),
  scale_min: z.optional(z.number()),
  scale_max: z.optional(z.number()),
  queryParam1: z.optional(z.string()),
  queryParam2: z.optional(z.string()),
  queryParam3: z.optional(z.string()),
  displayCondition: z.optional(displayConditionSchema),
});

/**
 * The fields every schema item carries (spec 01 §3). Each item type's own fields are merged onto
 * these in core/items/registry.ts to make the discriminated union `schemaItemSchema`. Loose: fields
 * this version does not know are kept, so a config written for a newer renderer survives a round trip.
 */
import { z } from 'zod';
import { ITEM_TYPES } from './item-types';

export const flagSchema = z.object({ value: z.boolean().optional() }).partial();
export const requiredFlagSchema = z.object({ value: z.boolean().optional(), admin: z.boolean().optional() });
export const minMaxSchema = z.object({ min: z.number().nullable().optional(), max: z.number().nullable().optional() });

export const displayConditionSchema = z.object({
  type: z.enum(['show', 'hide']),
  /** The itemKey of the question whose answer decides. */
  questionId: z.string(),
  answers: z.array(z.string()),
  /** Category conditions of reservation items (spec 02); not read by this renderer yet. */
  bunruiKey: z.string().optional(),
});
export type DisplayCondition = z.infer<typeof displayConditionSchema>;

export const sectionOptionSchema = z.object({
  option: z.string(),
  /** The group header the option opens: its itemKey, or else its title. */
  groupheader: z.string(),
});
export type SectionOption = z.infer<typeof sectionOptionSchema>;

export const schemaItemBaseSchema = z.looseObject({
  itemKey: z.string().min(1).max(100).regex(/^[^#|]+$/, 'itemKey に # と | は使えません'),
  type: z.enum(ITEM_TYPES),
  title: z.string().default(''),
  description: z.string().optional(),
  imageUrl: z.string().optional(),
  isRequired: requiredFlagSchema.optional(),
  isRequiredForUser: flagSchema.optional(),
  isSearchable: flagSchema.optional(),
  isAdminItem: z.boolean().optional(),
  isNotEditable: z.boolean().optional(),
  disabled: z.boolean().optional(),
  default: z.unknown().optional(),
  input: z.unknown().optional(),
  options: z.array(z.string()).optional(),
  sectionOptions: z.array(sectionOptionSchema).optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  length: minMaxSchema.optional(),
  range: minMaxSchema.optional(),
  selection: minMaxSchema.optional(),
  scale_min: z.number().optional(),
  scale_max: z.number().optional(),
  queryParam1: z.string().optional(),
  queryParam2: z.string().optional(),
  queryParam3: z.string().optional(),
  displayCondition: displayConditionSchema.optional(),
});
export type SchemaItemBase = z.infer<typeof schemaItemBaseSchema>;

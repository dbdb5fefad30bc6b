/**
 * Every item type's definition, keyed by type, and the schema item union built from them. The
 * `satisfies` makes a type of ITEM_TYPES without an entry (or an entry under the wrong key) a type
 * error; code that needs a type's behaviour looks it up here, never switches over types.
 *
 * The everyday types are in the app's first chunk. The others (the same as src/items/registry.ts
 * loads on demand) are fetched with their components when a form uses them: loadItemDefs, which
 * the server and the test setups call for every type before anything else.
 */
import * as z from 'zod/mini';
import { schemaItemBaseSchema } from '../form/item-base';
import { ITEM_TYPES, type ItemType } from '../form/item-types';
import { addressItem } from './address';
import { birthdayItem } from './birthday';
import { checkboxesItem } from './checkboxes';
import { choiceGroupHeaderItem } from './choice-group-header';
import { dateItem } from './date';
import { datepickerItem } from './datepicker';
import { isEmptyValue, type FormValue, type ItemDef } from './define';
import { dropdownItem } from './dropdown';
import { emailItem } from './email';
import { groupHeaderItem } from './group-header';
import { linearScaleItem } from './linear-scale';
import { numberItem } from './number';
import { onDemandModules } from './on-demand';
import { paragraphItem } from './paragraph';
import { phoneItem } from './phone';
import { radioItem } from './radio';
import { suggestItem } from './suggest';
import { textItem } from './text';
import { textareaItem } from './textarea';

// `any`: each entry keeps its own config shape; the check is that every type has its entry.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Entry<K extends ItemType> = ItemDef<K, any> | (() => Promise<ItemDef<K, any>>);

/** Each type's definition, or the import that fetches it. */
export const itemDefEntries = {
  text: textItem,
  textarea: textareaItem,
  paragraph: paragraphItem,
  number: numberItem,
  email: emailItem,
  phone: phoneItem,
  postcode: () => import('./postcode').then((m) => m.postcodeItem),
  address: addressItem,
  radio: radioItem,
  dropdown: dropdownItem,
  suggest: suggestItem,
  date: dateItem,
  dateWithSession: () => import('./date-with-session').then((m) => m.dateWithSessionItem),
  datepicker: datepickerItem,
  birthday: birthdayItem,
  dateDropdown: () => import('./date-dropdown').then((m) => m.dateDropdownItem),
  checkboxes: checkboxesItem,
  choiceGroupHeader: choiceGroupHeaderItem,
  linearScale: linearScaleItem,
  groupHeader: groupHeaderItem,
  linkButton: () => import('./link-button').then((m) => m.linkButtonItem),
  search: () => import('./search').then((m) => m.searchItem),
  code15: () => import('./code15').then((m) => m.code15Item),
  reservation: () => import('./reservation').then((m) => m.reservationItem),
  numbering: () => import('./numbering').then((m) => m.numberingItem),
  memberNumber: () => import('./member-number').then((m) => m.memberNumberItem),
  selectProducts: () => import('./select-products').then((m) => m.selectProductsItem),
  selectPayType: () => import('./select-pay-type').then((m) => m.selectPayTypeItem),
  image: () => import('./image').then((m) => m.imageItem),
  secureFiles: () => import('./secure-files').then((m) => m.secureFilesItem),
  countVaccines: () => import('./count-vaccines').then((m) => m.countVaccinesItem),
  previousVaccineMaker: () => import('./previous-vaccine-maker').then((m) => m.previousVaccineMakerItem),
  previousVaccineDate: () => import('./previous-vaccine-date').then((m) => m.previousVaccineDateItem),
  sesshuVaccineMaker: () => import('./sesshu-vaccine-maker').then((m) => m.sesshuVaccineMakerItem),
  sesshuJisshiDate: () => import('./sesshu-jisshi-date').then((m) => m.sesshuJisshiDateItem),
  facility: () => import('./facility').then((m) => m.facilityItem),
  location: () => import('./location').then((m) => m.locationItem),
  selectBed: () => import('./select-bed').then((m) => m.selectBedItem),
};
// Checked apart from the literal: as its contextual type, the check would widen the imports' types.
itemDefEntries satisfies { [K in ItemType]: Entry<K> };

type Entries = typeof itemDefEntries;
export type ItemDefs = { [K in ItemType]: Entries[K] extends () => Promise<infer D> ? D : Entries[K] };
type ConfigShapeOf<K extends ItemType> = ItemDefs[K] extends { configShape: () => infer S } ? S : never;

const defs = onDemandModules<ItemType, ItemDef<ItemType>>((type) => {
  const e = itemDefEntries[type] as Entry<ItemType>;
  return typeof e === 'function' ? e : null;
});

let alongside: ((types: readonly ItemType[]) => void) | null = null;

/**
 * What the app fetches with a type's definition: its component (src/items/registry.ts), so a form
 * reached inside the app waits one round trip for both, not one after the other.
 */
export const loadAlongsideItemDefs = (load: (types: readonly ItemType[]) => void): void => {
  alongside = load;
};

/** Loads the definitions of the given types; null when every one is here already. */
export const loadItemDefs = (types: Iterable<ItemType>): Promise<void> | null => {
  const list = [...types];
  const wait = defs.load(list);
  if (wait) alongside?.(list);
  return wait;
};

/** One type's definition with its config typed loosely, for code that walks every type; it must be loaded. */
export const itemDefOf = (type: ItemType): ItemDef<ItemType> => {
  const e = itemDefEntries[type] as Entry<ItemType>;
  if (typeof e !== 'function') return e;
  const def = defs.get(type);
  if (!def) throw new Error(`item type ${type} is not loaded: loadItemDefs first`);
  return def;
};

const extendBase = <S extends z.core.$ZodLooseShape>(shape: S) => z.extend(schemaItemBaseSchema, shape);
/** What z.extend gives for the type's own fields merged onto the common ones. */
type ItemSchemaFor<K extends ItemType> = ReturnType<typeof extendBase<ConfigShapeOf<K> & { type: z.ZodMiniLiteral<K> }>>;

const buildItemSchema = <K extends ItemType>(type: K): ItemSchemaFor<K> =>
  extendBase({ ...itemDefOf(type).configShape(), type: z.literal(type) }) as unknown as ItemSchemaFor<K>;

type ItemSchemas = { [K in ItemType]: ItemSchemaFor<K> };
type AnyItemSchema = ItemSchemas[ItemType];

const built = new Map<ItemType, AnyItemSchema>();

/**
 * One type's item schema: the common fields with the type's own merged on (loose: extra fields are
 * kept). Built on first use, so a page that parses one form builds its own types' schemas only.
 */
export const itemSchemaOf = <K extends ItemType>(type: K): ItemSchemas[K] => {
  let schema = built.get(type) as ItemSchemas[K] | undefined;
  if (!schema) {
    schema = buildItemSchema(type) as unknown as ItemSchemas[K];
    built.set(type, schema);
  }
  return schema;
};

export type SchemaItem = z.output<AnyItemSchema>;
export type SchemaItemInput = z.input<AnyItemSchema>;
/** The item of one type, narrowed. */
export type SchemaItemOf<K extends ItemType> = Extract<SchemaItem, { type: K }>;

type TransformContext = Parameters<Parameters<typeof z.transform>[0]>[1];

const parseItem = (item: { type: ItemType }, ctx: TransformContext) => {
  const parsed = itemSchemaOf(item.type).safeParse(item);
  if (parsed.success) return parsed.data;
  // Each issue keeps its path within the item; the array around it prefixes the item's index.
  for (const i of parsed.error.issues) ctx.issues.push(i as (typeof ctx.issues)[number]);
  return item;
};

/**
 * A schema item (spec 01 §3): the type checked as an enum first, so an unknown type reads
 * '"txet" is not allowed (expected one of: …)', then the item through its type's own schema. A
 * dispatch on `type`, not a discriminated union: a union builds every type's schema on first use.
 * A type whose definition is not loaded yet (the app, on a form that uses it) is fetched first,
 * which only an async parse (safeParseAsync) can wait for.
 */
export const schemaItemSchema = z.pipe(
  z.looseObject({ type: z.enum(ITEM_TYPES) }),
  z.transform((item, ctx) => {
    const wait = loadItemDefs([item.type]);
    return wait ? wait.then(() => parseItem(item, ctx)) : parseItem(item, ctx);
  }),
) as unknown as z.ZodMiniType<SchemaItem, SchemaItemInput>;

/** Every type's schema in one discriminated union: what a document of the API lists for an item. */
export const everyItemSchema = () =>
  z.discriminatedUnion('type', ITEM_TYPES.map((t) => itemSchemaOf(t)) as unknown as [AnyItemSchema, ...AnyItemSchema[]]);

/** No answer, for this type: blank, or a type's own empty form (dates: "null", date dropdown: "--"). */
export const isBlankAnswer = (type: ItemType, value: FormValue | undefined | null): boolean =>
  isEmptyValue(value) || (value !== undefined && value !== null && (itemDefOf(type).isEmpty?.(value) ?? false));

/**
 * Every item type's definition, keyed by type, and the schema item union built from them. The
 * `satisfies` makes a type of ITEM_TYPES without an entry (or an entry under the wrong key) a type
 * error; code that needs a type's behaviour looks it up here, never switches over types.
 */
import * as z from 'zod/mini';
import { schemaItemBaseSchema } from '../form/item-base';
import { ITEM_TYPES, type ItemType } from '../form/item-types';
import { addressItem } from './address';
import { birthdayItem } from './birthday';
import { checkboxesItem } from './checkboxes';
import { choiceGroupHeaderItem } from './choice-group-header';
import { code15Item } from './code15';
import { countVaccinesItem } from './count-vaccines';
import { dateItem } from './date';
import { dateDropdownItem } from './date-dropdown';
import { dateWithSessionItem } from './date-with-session';
import { datepickerItem } from './datepicker';
import { isEmptyValue, type FormValue, type ItemDef } from './define';
import { dropdownItem } from './dropdown';
import { emailItem } from './email';
import { facilityItem } from './facility';
import { groupHeaderItem } from './group-header';
import { imageItem } from './image';
import { linearScaleItem } from './linear-scale';
import { linkButtonItem } from './link-button';
import { locationItem } from './location';
import { memberNumberItem } from './member-number';
import { numberItem } from './number';
import { numberingItem } from './numbering';
import { paragraphItem } from './paragraph';
import { phoneItem } from './phone';
import { postcodeItem } from './postcode';
import { previousVaccineDateItem } from './previous-vaccine-date';
import { previousVaccineMakerItem } from './previous-vaccine-maker';
import { radioItem } from './radio';
import { reservationItem } from './reservation';
import { searchItem } from './search';
import { secureFilesItem } from './secure-files';
import { selectPayTypeItem } from './select-pay-type';
import { selectProductsItem } from './select-products';
import { sesshuJisshiDateItem } from './sesshu-jisshi-date';
import { sesshuVaccineMakerItem } from './sesshu-vaccine-maker';
import { suggestItem } from './suggest';
import { textItem } from './text';
import { textareaItem } from './textarea';

export const itemDefs = {
  text: textItem,
  textarea: textareaItem,
  paragraph: paragraphItem,
  number: numberItem,
  email: emailItem,
  phone: phoneItem,
  postcode: postcodeItem,
  address: addressItem,
  radio: radioItem,
  dropdown: dropdownItem,
  suggest: suggestItem,
  date: dateItem,
  dateWithSession: dateWithSessionItem,
  datepicker: datepickerItem,
  birthday: birthdayItem,
  dateDropdown: dateDropdownItem,
  checkboxes: checkboxesItem,
  choiceGroupHeader: choiceGroupHeaderItem,
  linearScale: linearScaleItem,
  groupHeader: groupHeaderItem,
  linkButton: linkButtonItem,
  search: searchItem,
  code15: code15Item,
  reservation: reservationItem,
  numbering: numberingItem,
  memberNumber: memberNumberItem,
  selectProducts: selectProductsItem,
  selectPayType: selectPayTypeItem,
  image: imageItem,
  secureFiles: secureFilesItem,
  countVaccines: countVaccinesItem,
  previousVaccineMaker: previousVaccineMakerItem,
  previousVaccineDate: previousVaccineDateItem,
  sesshuVaccineMaker: sesshuVaccineMakerItem,
  sesshuJisshiDate: sesshuJisshiDateItem,
  facility: facilityItem,
  location: locationItem,
  // `any`: each entry keeps its own config shape; the check is that every type has its entry.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
} satisfies { [K in ItemType]: ItemDef<K, any> };

export type ItemDefs = typeof itemDefs;

/** One type's definition with its config typed loosely, for code that walks every type. */
export const itemDefOf = (type: ItemType): ItemDef<ItemType> => itemDefs[type] as unknown as ItemDef<ItemType>;

const buildItemSchema = <K extends ItemType>(type: K) =>
  z.extend(schemaItemBaseSchema, { ...(itemDefs[type].configShape() as ReturnType<ItemDefs[K]['configShape']>), type: z.literal(type) });

type ItemSchemas = { [K in ItemType]: ReturnType<typeof buildItemSchema<K>> };
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

/**
 * A schema item (spec 01 §3): the type checked as an enum first, so an unknown type reads
 * '"txet" is not allowed (expected one of: …)', then the item through its type's own schema. A
 * dispatch on `type`, not a discriminated union: a union builds every type's schema on first use.
 */
export const schemaItemSchema = z.pipe(
  z.looseObject({ type: z.enum(ITEM_TYPES) }),
  z.transform((item, ctx) => {
    const parsed = itemSchemaOf(item.type).safeParse(item);
    if (parsed.success) return parsed.data;
    // Each issue keeps its path within the item; the array around it prefixes the item's index.
    for (const i of parsed.error.issues) ctx.issues.push(i as (typeof ctx.issues)[number]);
    return item;
  }),
) as unknown as z.ZodMiniType<SchemaItem, SchemaItemInput>;

/** Every type's schema in one discriminated union: what a document of the API lists for an item. */
export const everyItemSchema = () =>
  z.discriminatedUnion('type', ITEM_TYPES.map((t) => itemSchemaOf(t)) as unknown as [AnyItemSchema, ...AnyItemSchema[]]);

/** No answer, for this type: blank, or a type's own empty form (dates: "null", date dropdown: "--"). */
export const isBlankAnswer = (type: ItemType, value: FormValue | undefined | null): boolean =>
  isEmptyValue(value) || (value !== undefined && value !== null && (itemDefOf(type).isEmpty?.(value) ?? false));

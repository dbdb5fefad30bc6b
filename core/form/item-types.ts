/**
 * Every item type the renderer knows (spec 01 §2). Both item registries (core/items and
 * src/items) are `Record<ItemType, …>`, so a type listed here without its two files fails the
 * build. A type joins this list in the same change that brings its two files; a bundle naming a
 * type not listed is refused at import.
 */
export const ITEM_TYPES = [
  'text',
  'textarea',
  'paragraph',
  'number',
  'email',
  'phone',
  'postcode',
  'address',
  'radio',
  'dropdown',
  'suggest',
  'date',
  'dateWithSession',
  'datepicker',
  'birthday',
  'dateDropdown',
  'checkboxes',
  'choiceGroupHeader',
  'linearScale',
  'groupHeader',
  'linkButton',
  'search',
  'code15',
  'reservation',
  'numbering',
  'memberNumber',
  'selectProducts',
  'selectPayType',
  'image',
  'secureFiles',
  'countVaccines',
  'previousVaccineMaker',
  'previousVaccineDate',
  'sesshuVaccineMaker',
  'sesshuJisshiDate',
  'facility',
  'location',
  'selectBed',
] as const;

export type ItemType = (typeof ITEM_TYPES)[number];

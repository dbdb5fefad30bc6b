/**
 * Every item type the renderer knows (spec 01 §2). Both item registries (core/items and
 * src/items) are `Record<ItemType, …>`, so a type listed here without its two files fails the
 * build.
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
  'reservation',
  'linkButton',
  'image',
  'location',
  'secureFiles',
  'facility',
  'selectProducts',
  'selectPayType',
  'selectBed',
  'search',
  'numbering',
  'memberNumber',
  'code15',
  'countVaccines',
  'previousVaccineMaker',
  'previousVaccineDate',
  'sesshuVaccineMaker',
  'sesshuJisshiDate',
] as const;

export type ItemType = (typeof ITEM_TYPES)[number];

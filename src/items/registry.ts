/**
 * Every item type's component, keyed by type. The `satisfies` makes a type of ITEM_TYPES without an
 * entry (or an entry under the wrong type's key) a type error; the engine looks a type up here and
 * never switches over types.
 *
 * The everyday types are in the app's first chunk. The others (reservations, payments, files,
 * places, vaccination, numbering…) are loaded on demand, each as its own chunk exporting its `ui`:
 * a form is shown once the types it uses are loaded (loadItemUis, which loads their core
 * definitions too), and on a first visit src/early.ts starts their download as soon as the form's
 * config names them.
 */
import type { ItemType } from '@core/form/item-types';
import { onDemandModules } from '@core/items/on-demand';
import { loadAlongsideItemDefs, loadItemDefs } from '@core/items/registry';
import { AddressItem } from './address';
import { BirthdayItem } from './birthday';
import { readDateText } from '../lib/ja-dates';
import { dateDisplay, textOf } from './parts';
import { CheckboxesItem } from './checkboxes';
import { ChoiceGroupHeaderItem } from './choice-group-header';
import { DateItem } from './date';
import { DatepickerItem } from './datepicker';
import { DropdownItem } from './dropdown';
import { EmailItem } from './email';
import { GroupHeaderItem } from './group-header';
import { LinearScaleItem } from './linear-scale';
import { NumberItem } from './number';
import { ParagraphItem } from './paragraph';
import { PhoneItem } from './phone';
import { RadioItem } from './radio';
import { SuggestItem } from './suggest';
import { TextItem } from './text';
import { TextareaItem } from './textarea';
import type { ItemUi } from './types';

/** A type whose module is fetched when a form uses it. */
interface OnDemand<K extends ItemType> {
  load: () => Promise<{ ui: ItemUi<K> }>;
}

const onDemand = <K extends ItemType>(load: () => Promise<{ ui: ItemUi<K> }>): OnDemand<K> => ({ load });

const entries = {
  text: { Component: TextItem },
  textarea: { Component: TextareaItem },
  paragraph: { Component: ParagraphItem },
  number: { Component: NumberItem },
  email: { Component: EmailItem },
  phone: { Component: PhoneItem },
  postcode: onDemand(() => import('./postcode')),
  address: { Component: AddressItem },
  radio: { Component: RadioItem, showErrorOnChange: true },
  dropdown: { Component: DropdownItem, showErrorOnChange: true },
  suggest: { Component: SuggestItem },
  date: { Component: DateItem, display: dateDisplay },
  dateWithSession: onDemand(() => import('./date-with-session')),
  datepicker: { Component: DatepickerItem, showErrorOnChange: true, display: dateDisplay },
  // A birthday's weekday means nothing: the year, month and day only.
  birthday: { Component: BirthdayItem, display: (v) => readDateText(textOf(v), { weekday: false }) },
  dateDropdown: onDemand(() => import('./date-dropdown')),
  checkboxes: { Component: CheckboxesItem, showErrorOnChange: true },
  choiceGroupHeader: { Component: ChoiceGroupHeaderItem, showErrorOnChange: true },
  linearScale: { Component: LinearScaleItem, showErrorOnChange: true },
  groupHeader: { Component: GroupHeaderItem },
  linkButton: onDemand(() => import('./link-button')),
  search: onDemand(() => import('./search')),
  code15: onDemand(() => import('./code15')),
  reservation: onDemand(() => import('./reservation')),
  numbering: onDemand(() => import('./numbering')),
  memberNumber: onDemand(() => import('./member-number')),
  selectProducts: onDemand(() => import('./select-products')),
  selectPayType: onDemand(() => import('./select-pay-type')),
  image: onDemand(() => import('./image')),
  secureFiles: onDemand(() => import('./secure-files')),
  countVaccines: onDemand(() => import('./count-vaccines')),
  previousVaccineMaker: onDemand(() => import('./previous-vaccine-maker')),
  previousVaccineDate: onDemand(() => import('./previous-vaccine-date')),
  sesshuVaccineMaker: onDemand(() => import('./sesshu-vaccine-maker')),
  sesshuJisshiDate: onDemand(() => import('./sesshu-jisshi-date')),
  facility: onDemand(() => import('./facility')),
  location: onDemand(() => import('./location')),
  selectBed: onDemand(() => import('./select-bed')),
} satisfies { [K in ItemType]: ItemUi<K> | OnDemand<K> };

const onDemandOf = (type: ItemType): OnDemand<ItemType> | null => {
  const e = entries[type] as ItemUi | OnDemand<ItemType>;
  return 'load' in e ? e : null;
};

const uis = onDemandModules<ItemType, ItemUi>((type) => {
  const lazy = onDemandOf(type);
  return lazy ? () => lazy.load().then((m) => m.ui as unknown as ItemUi) : null;
});

// A config parsed before its form renders (src/lib/api.ts) fetches the components with the definitions.
loadAlongsideItemDefs((types) => void uis.load(types)?.catch(() => {}));

/** The types whose modules are loaded on demand. */
export const ON_DEMAND_ITEM_TYPES = (Object.keys(entries) as ItemType[]).filter((t) => onDemandOf(t) !== null);

/**
 * Loads what the given types need, components and core definitions; null when every one is ready
 * (the form renders at once). A failed load rejects and is retried next call.
 */
export const loadItemUis = (types: Iterable<ItemType>): Promise<void> | null => {
  const list = [...types];
  const waits = [uis.load(list), loadItemDefs(list)].filter((w) => w !== null);
  return waits.length === 0 ? null : Promise.all(waits).then(() => undefined);
};

/** One type's entry with its props typed loosely, for the engine that renders any type; its module must be loaded. */
export const itemUiOf = (type: ItemType): ItemUi => {
  if (!onDemandOf(type)) return entries[type] as unknown as ItemUi;
  const ui = uis.get(type);
  if (!ui) throw new Error(`item type ${type} is not loaded: loadItemUis first`);
  return ui;
};

/**
 * Every item type's component, keyed by type. The `satisfies` makes a type of ITEM_TYPES without a
 * component (or a component under the wrong type's key) a type error; the engine looks a type up
 * here and never switches over types.
 */
import type { ItemType } from '@core/form/item-types';
import { AddressItem } from './address';
import { BirthdayItem } from './birthday';
import { CheckboxesItem } from './checkboxes';
import { ChoiceGroupHeaderItem } from './choice-group-header';
import { Code15Item } from './code15';
import { CountVaccinesItem } from './count-vaccines';
import { DateItem } from './date';
import { DateDropdownItem } from './date-dropdown';
import { DateWithSessionItem } from './date-with-session';
import { DatepickerItem } from './datepicker';
import { DropdownItem } from './dropdown';
import { EmailItem } from './email';
import { FacilityItem, facilityDisplay } from './facility';
import { GroupHeaderItem } from './group-header';
import { ImageItem } from './image';
import { LinearScaleItem } from './linear-scale';
import { LinkButtonItem } from './link-button';
import { LocationItem, locationDisplay } from './location';
import { MemberNumberItem } from './member-number';
import { NumberItem } from './number';
import { NumberingItem } from './numbering';
import { ParagraphItem } from './paragraph';
import { PhoneItem } from './phone';
import { PostcodeItem } from './postcode';
import { PreviousVaccineDateItem } from './previous-vaccine-date';
import { PreviousVaccineMakerItem } from './previous-vaccine-maker';
import { RadioItem } from './radio';
import { ReservationItem, reservationDisplay } from './reservation';
import { SearchItem } from './search';
import { SecureFilesItem } from './secure-files';
import { SelectPayTypeItem, selectPayTypeDisplay } from './select-pay-type';
import { SelectProductsItem, selectProductsDisplay } from './select-products';
import { SesshuJisshiDateItem } from './sesshu-jisshi-date';
import { SesshuVaccineMakerItem } from './sesshu-vaccine-maker';
import { SuggestItem } from './suggest';
import { TextItem } from './text';
import { TextareaItem } from './textarea';
import type { ItemUi } from './types';
import { ja } from '../messages/ja';
import { parseSecureFileValue } from '@core/items/secure-files';

/** The confirmation shows the files' names, not their ids. */
const secureFilesDisplay = (v: string | string[]) =>
  (typeof v === 'string' ? [v] : v).map((x) => parseSecureFileValue(x)?.name ?? x).join('、');

export const itemUis = {
  text: { Component: TextItem },
  textarea: { Component: TextareaItem },
  paragraph: { Component: ParagraphItem },
  number: { Component: NumberItem },
  email: { Component: EmailItem },
  phone: { Component: PhoneItem },
  postcode: { Component: PostcodeItem },
  address: { Component: AddressItem },
  radio: { Component: RadioItem, showErrorOnChange: true },
  dropdown: { Component: DropdownItem, showErrorOnChange: true },
  suggest: { Component: SuggestItem },
  date: { Component: DateItem },
  dateWithSession: { Component: DateWithSessionItem },
  datepicker: { Component: DatepickerItem, showErrorOnChange: true },
  birthday: { Component: BirthdayItem },
  dateDropdown: { Component: DateDropdownItem },
  checkboxes: { Component: CheckboxesItem, showErrorOnChange: true },
  choiceGroupHeader: { Component: ChoiceGroupHeaderItem, showErrorOnChange: true },
  linearScale: { Component: LinearScaleItem, showErrorOnChange: true },
  groupHeader: { Component: GroupHeaderItem },
  linkButton: { Component: LinkButtonItem },
  search: { Component: SearchItem, showErrorOnChange: true },
  code15: { Component: Code15Item },
  reservation: { Component: ReservationItem, showErrorOnChange: true, display: reservationDisplay },
  numbering: { Component: NumberingItem },
  memberNumber: { Component: MemberNumberItem },
  selectProducts: { Component: SelectProductsItem, showErrorOnChange: true, display: selectProductsDisplay },
  selectPayType: { Component: SelectPayTypeItem, showErrorOnChange: true, display: selectPayTypeDisplay },
  image: { Component: ImageItem, showErrorOnChange: true, display: () => ja.items.files.preview },
  secureFiles: { Component: SecureFilesItem, showErrorOnChange: true, display: secureFilesDisplay },
  countVaccines: { Component: CountVaccinesItem, showErrorOnChange: true },
  previousVaccineMaker: { Component: PreviousVaccineMakerItem, showErrorOnChange: true },
  previousVaccineDate: { Component: PreviousVaccineDateItem },
  sesshuVaccineMaker: { Component: SesshuVaccineMakerItem, showErrorOnChange: true },
  sesshuJisshiDate: { Component: SesshuJisshiDateItem },
  facility: { Component: FacilityItem, showErrorOnChange: true, display: facilityDisplay },
  location: { Component: LocationItem, showErrorOnChange: true, display: locationDisplay },
} satisfies { [K in ItemType]: ItemUi<K> };

/** One type's entry with its props typed loosely, for the engine that renders any type. */
export const itemUiOf = (type: ItemType): ItemUi => itemUis[type] as unknown as ItemUi;

/**
 * Every item type's samples (define.ts ItemSamples), keyed by type, for the table-driven tests
 * (tests/core/items.registry.test.ts, tests/server/answer-validation.test.ts). Only tests import
 * this map, so the samples stay out of the app's bundle; the `satisfies` makes a type without
 * samples a type error, as registry.ts does for the definitions.
 */
import type { ItemType } from '../form/item-types';
import type { ItemDef, SamplesOf } from './define';
import type { ItemDefs } from './registry';
import { addressSamples } from './address';
import { birthdaySamples } from './birthday';
import { checkboxesSamples } from './checkboxes';
import { choiceGroupHeaderSamples } from './choice-group-header';
import { code15Samples } from './code15';
import { countVaccinesSamples } from './count-vaccines';
import { dateSamples } from './date';
import { dateDropdownSamples } from './date-dropdown';
import { dateWithSessionSamples } from './date-with-session';
import { datepickerSamples } from './datepicker';
import { dropdownSamples } from './dropdown';
import { emailSamples } from './email';
import { facilitySamples } from './facility';
import { groupHeaderSamples } from './group-header';
import { imageSamples } from './image';
import { linearScaleSamples } from './linear-scale';
import { linkButtonSamples } from './link-button';
import { locationSamples } from './location';
import { memberNumberSamples } from './member-number';
import { numberSamples } from './number';
import { numberingSamples } from './numbering';
import { paragraphSamples } from './paragraph';
import { phoneSamples } from './phone';
import { postcodeSamples } from './postcode';
import { previousVaccineDateSamples } from './previous-vaccine-date';
import { previousVaccineMakerSamples } from './previous-vaccine-maker';
import { radioSamples } from './radio';
import { reservationSamples } from './reservation';
import { searchSamples } from './search';
import { secureFilesSamples } from './secure-files';
import { selectPayTypeSamples } from './select-pay-type';
import { selectBedSamples } from './select-bed';
import { selectProductsSamples } from './select-products';
import { sesshuJisshiDateSamples } from './sesshu-jisshi-date';
import { sesshuVaccineMakerSamples } from './sesshu-vaccine-maker';
import { suggestSamples } from './suggest';
import { textSamples } from './text';
import { textareaSamples } from './textarea';

export const itemSamples = {
  text: textSamples,
  textarea: textareaSamples,
  paragraph: paragraphSamples,
  number: numberSamples,
  email: emailSamples,
  phone: phoneSamples,
  postcode: postcodeSamples,
  address: addressSamples,
  radio: radioSamples,
  dropdown: dropdownSamples,
  suggest: suggestSamples,
  date: dateSamples,
  dateWithSession: dateWithSessionSamples,
  datepicker: datepickerSamples,
  birthday: birthdaySamples,
  dateDropdown: dateDropdownSamples,
  checkboxes: checkboxesSamples,
  choiceGroupHeader: choiceGroupHeaderSamples,
  linearScale: linearScaleSamples,
  groupHeader: groupHeaderSamples,
  linkButton: linkButtonSamples,
  search: searchSamples,
  code15: code15Samples,
  reservation: reservationSamples,
  numbering: numberingSamples,
  memberNumber: memberNumberSamples,
  selectProducts: selectProductsSamples,
  selectPayType: selectPayTypeSamples,
  image: imageSamples,
  secureFiles: secureFilesSamples,
  countVaccines: countVaccinesSamples,
  previousVaccineMaker: previousVaccineMakerSamples,
  previousVaccineDate: previousVaccineDateSamples,
  sesshuVaccineMaker: sesshuVaccineMakerSamples,
  sesshuJisshiDate: sesshuJisshiDateSamples,
  facility: facilitySamples,
  location: locationSamples,
  selectBed: selectBedSamples,
} satisfies { [K in ItemType]: SamplesOf<ItemDefs[K]> };

/** A type's samples, widened as registry.ts itemDefOf widens its definition. */
export const itemSamplesOf = (type: ItemType): SamplesOf<ItemDef<ItemType>> => itemSamples[type] as SamplesOf<ItemDef<ItemType>>;

/**
 * The message keys validators return (convention 5). The texts live in src/messages/ja.ts under
 * `validation`, a `Record<MessageKey, string>`, so a key without a text fails the type check.
 */
export const MESSAGE_KEYS = [
  // Requiredness, by the wording spec 01 §5 assigns per type.
  'required',
  'requiredItem',
  'requiredShort',
  // A value of the wrong shape (a list for a one-value item, a repeated checkbox value).
  'invalidValue',
  'numberDigitsOnly',
  'numberRange',
  'phone',
  'email',
  'postcode',
  'postcodeNotFound',
  'birthdayFormat',
  'code15Length',
  'code15Chars',
  'formInvalid',
  // Short answer length: params min and/or max.
  'lengthMin',
  'lengthMax',
  'lengthFixed',
  // The twelve character types of spec 01 §5, one key each (chars.ts CHARACTER_TYPES).
  'charAll',
  'charAllFull',
  'charKanji',
  'charHiragana',
  'charKatakana',
  'charKatakanaHalf',
  'charAlphabet',
  'charAlphabetFull',
  'charAlphabetHalf',
  'charNumber',
  'charNumberFull',
  'charNumberHalf',
  'halfWidthOnly',
  'fullKatakanaOnly',
  'fullWidthSpaceEdge',
  // Checkboxes: params min / max.
  'selectionMin',
  'selectionMax',
  'optionNotInList',
  'invalidDate',
  'dateFuture',
  // Datepicker bounds: params min / max as YYYY-MM-DD.
  'dateBeforeMin',
  'dateAfterMax',
  'dateSessionMissing',
  'dateDropdownYear',
  'dateDropdownMonth',
  'dateDropdownDay',
  // Linear scale: params min and max.
  'scaleRange',
  // Reservation: no slot chosen yet (category or item picked, calendar not).
  'reservationIncomplete',
  // Member and numbering items: a hand-typed number's shape, and a number someone else holds.
  'memberNumberFormat',
  'memberNumberTaken',
  // Products (spec 02 §5): no line, a quantity that is not an integer of at least 1, the purchase limit (param limit).
  'orderDetailsRequired',
  'quantityInteger',
  'purchaseLimit',
  // Files (spec 02 §5): a secure file name the rules refuse, more than {max} files.
  'secureFileName',
  'secureFilesCount',
  // Vaccination (spec 02 §4, §8): no previous dose date; booked before the earliest day (param date).
  'vaccineFirstDoseMissing',
  'vaccineTooEarly',
  // Facility search (spec 02 §5): none chosen; a blank typed name.
  'facilityRequired',
  'facilityInvalid',
] as const;

export type MessageKey = (typeof MESSAGE_KEYS)[number];

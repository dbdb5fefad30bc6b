/** Requiredness of an item by its flags (spec 01 §5); the same rule on the form and on the server. */
import type { Mode } from '../items/define';

export interface RequiredFlags {
  isRequired?: { value?: boolean | undefined; admin?: boolean | undefined } | undefined;
  isRequiredForUser?: { value?: boolean | undefined } | undefined;
}

/** User mode: isRequired.value or isRequiredForUser.value. Admin mode: isRequired.admin, else isRequired.value. */
export const isItemRequired = (item: RequiredFlags, mode: Mode): boolean =>
  mode === 'admin'
    ? (item.isRequired?.admin ?? item.isRequired?.value) === true
    : item.isRequired?.value === true || item.isRequiredForUser?.value === true;

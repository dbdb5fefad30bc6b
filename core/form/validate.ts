/**
 * Form-level validation and the answer that is sent (spec 01 §4, §5): only shown items are
 * validated and sent; an empty item is checked for requiredness with its type's message; a
 * non-empty one goes to its type's validator; blank answers are left out of the submission.
 */
import { isItemRequired } from '../rules/required';
import { checkVaccination } from '../rules/vaccination';
import { issue, type FormValue, type FormValues, type Mode, type ValidateContext, type ValidationIssue } from '../items/define';
import { isBlankAnswer, itemDefOf, type SchemaItem } from '../items/registry';
import { visibleItemKeys, type FormShape } from './visibility';

/** Issues by itemKey; an item without issues has no entry, so `{}` is a valid form. */
export type FormIssues = Record<string, ValidationIssue[]>;

/**
 * Whether an answer is needed: the flags (rules/required.ts), or the config itself (checkboxes
 * with selection.min ≥ 1). The 必須 badge should follow this too.
 */
export const isAnswerRequired = (item: SchemaItem, mode: Mode): boolean =>
  isItemRequired(item, mode) || (itemDefOf(item.type).requiredByConfig?.(item) ?? false);

/** The server gives its value when it stores the answer (core/items/define.ts serverAssigned). */
export const isServerAssigned = (item: SchemaItem): boolean => itemDefOf(item.type).serverAssigned?.(item) ?? false;

/** One item's issues, as on blur: requiredness when empty, else the type's own checks. */
export const validateItem = (item: SchemaItem, value: FormValue | undefined, ctx: ValidateContext): ValidationIssue[] => {
  const def = itemDefOf(item.type);
  if (def.valueKind === 'none' || isServerAssigned(item)) return [];
  if (value === undefined || isBlankAnswer(item.type, value)) return isAnswerRequired(item, ctx.mode) ? [issue(def.requiredKey)] : [];
  return def.validate(value, item, ctx);
};

export const validateForm = (config: FormShape, values: FormValues, ctx: ValidateContext): FormIssues => {
  const visible = visibleItemKeys(config, values, ctx.mode);
  const sent = ctx.mode === 'user' ? visibleItemKeys(config, values, 'admin') : visible;
  const issues: FormIssues = {};
  for (const item of config.surveySchema) {
    const value = values[item.itemKey];
    let found: ValidationIssue[] = [];
    if (visible.has(item.itemKey)) found = validateItem(item, value, ctx);
    // An admin item a resident cannot see may still arrive filled from the URL (spec 01 §6); it is
    // sent, so its value is checked like any other, but it is never required of the resident.
    else if (sent.has(item.itemKey) && value !== undefined && !isBlankAnswer(item.type, value))
      found = validateItem(item, value, { ...ctx, mode: 'admin' });
    if (found.length > 0) issues[item.itemKey] = found;
  }
  // Rules across items, on the answers that would be sent, once each item is valid on its own.
  const refusal = checkVaccination(config, (key) => (sent.has(key) ? values[key] : undefined));
  if (refusal && !issues[refusal.itemKey])
    issues[refusal.itemKey] = [
      refusal.reason === 'tooEarly' ? issue('vaccineTooEarly', { date: refusal.earliest.toString() }) : issue('vaccineFirstDoseMissing'),
    ];
  return issues;
};

export const isFormValid = (issues: FormIssues): boolean => Object.keys(issues).length === 0;

/**
 * The answers to send: shown items that hold a value, blanks left out (spec 01 §4, §5). A
 * multi-value item is always a list, its blank entries dropped.
 */
export const answerValues = (config: FormShape, values: FormValues, _mode: Mode): Record<string, FormValue> => {
  // Admin items are hidden from residents but filled from URL parameters in user mode (spec 01
  // §6), so they are sent whatever the mode; display conditions and sections decide the rest.
  const visible = visibleItemKeys(config, values, 'admin');
  const out: Record<string, FormValue> = {};
  for (const item of config.surveySchema) {
    const def = itemDefOf(item.type);
    const value = values[item.itemKey];
    if (!visible.has(item.itemKey) || def.valueKind === 'none' || isServerAssigned(item) || value === undefined || isBlankAnswer(item.type, value)) continue;
    if (def.valueKind === 'multi') out[item.itemKey] = (typeof value === 'string' ? [value] : value).filter((v) => v.trim() !== '');
    else if (typeof value === 'string') out[item.itemKey] = value;
  }
  return out;
};

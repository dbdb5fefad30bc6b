/**
 * What a resident typed or filled into the server's form before React owned it (issue 60).
 * Hydration keeps a field's text in the page but React's state says otherwise; each such field's
 * text is given to its item as an ordinary input event, so it goes through the item's own change
 * handling. The form's sections hydrate one by one (src/form/form-sections.tsx): each is replayed
 * as it hydrates, so text set into a section still dehydrated — typed, or filled with no key event
 * first (a browser's autofill), which React's hydration takes for what it rendered — is kept.
 */
import { itemIdOf } from '../form/item-host';

type Field = HTMLInputElement | HTMLTextAreaElement;

/** The value setter of the element's prototype, which React's value tracker does not see. */
const nativeSetter = (el: Field) =>
  Object.getOwnPropertyDescriptor(el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype, 'value')?.set;

const UNTYPED = new Set(['radio', 'checkbox', 'button', 'submit', 'file', 'hidden']);

const textFields = (root: ParentNode): Field[] =>
  [...root.querySelectorAll<Field>('input, textarea')].filter((el) => !(el instanceof HTMLInputElement && UNTYPED.has(el.type)));

/** Each field's value as the server sent it; read before hydration, which rewrites it to React's state. */
export type SentValues = WeakMap<Field, string>;

export const sentValues = (root: ParentNode): SentValues => new WeakMap(textFields(root).map((el) => [el, el.defaultValue]));

/**
 * Brings these items' fields (hydrated by now) and React's state together. Hydration leaves a
 * field's text as it finds it and takes React's state into its value attribute, which React keeps
 * in step: a field the resident changed from what the server sent gives its text to React; a field
 * left as sent shows React's state (a draft the app applied while the section was dehydrated).
 */
export const replayTypedValues = (itemKeys: readonly string[], sent: SentValues): number => {
  let replayed = 0;
  for (const key of itemKeys) {
    const item = document.getElementById(itemIdOf(key));
    if (!item) continue;
    for (const el of textFields(item)) {
      const typed = el.value;
      const state = el.defaultValue;
      if (typed === state) continue;
      if (typed === (sent.get(el) ?? state)) {
        el.value = state;
        continue;
      }
      const set = nativeSetter(el);
      if (!set) continue;
      // React's tracker took the typed text for what it rendered: reset it (through the tracked
      // property), put the text back behind its back, and announce the change.
      el.value = state;
      set.call(el, typed);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      replayed++;
    }
  }
  return replayed;
};

/**
 * The items with text React has not been given yet (their section still dehydrated): the app's
 * draft leaves them be, and an island discarded before they hydrate hands their text on. An item
 * of one text field gives that field's text; one of several, undefined.
 */
export const typedNotReplayed = (root: ParentNode, sent: SentValues): Map<string, string | undefined> => {
  const typed = new Map<string, string | undefined>();
  for (const item of root.querySelectorAll<HTMLElement>('[data-item-key]')) {
    const key = item.dataset['itemKey'];
    const fields = textFields(item);
    const changed = fields.filter((el) => el.value !== el.defaultValue && el.value !== (sent.get(el) ?? el.defaultValue));
    if (key && changed.length > 0) typed.set(key, fields.length === 1 ? changed[0]?.value : undefined);
  }
  return typed;
};

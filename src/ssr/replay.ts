/**
 * What a resident typed into the server's form before its code arrived (issue 60). Hydration keeps
 * a field's text in the page but React's state says empty; each such field's text is given to its
 * item as an ordinary input event, so it goes through the item's own change handling.
 */

/** The value setter of the element's prototype, which React's value tracker does not see. */
const nativeSetter = (el: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype, 'value')?.set;

export const replayTypedValues = (root: HTMLElement): number => {
  let replayed = 0;
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (el instanceof HTMLInputElement && ['radio', 'checkbox', 'button', 'submit', 'file', 'hidden'].includes(el.type)) continue;
    // A field React has rendered keeps its value attribute in step with its state.
    const typed = el.value;
    if (typed === el.defaultValue) continue;
    const set = nativeSetter(el);
    if (!set) continue;
    // React's tracker took the typed text for what it rendered: reset it (through the tracked
    // property), put the text back behind its back, and announce the change.
    el.value = el.defaultValue;
    set.call(el, typed);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    replayed++;
  }
  return replayed;
};

/**
 * The product's alert (spec 01 §9: alerts are 320 wide), in place of window.alert: LINE's in-app
 * browser and a kiosk's locked browser may drop or block the native one, and it stops every timer
 * while open. Callable outside React (the navigation guard); the layout shows the dialog.
 */
export const ALERT_DIALOG_WIDTH = 320;

type Listener = () => void;

let queue: readonly string[] = [];
const listeners = new Set<Listener>();
const emit = () => {
  for (const l of listeners) l();
};

/** Shows the text in the alert dialog; several texts are shown one after another. */
export const showAlert = (text: string): void => {
  queue = [...queue, text];
  emit();
};

/** The text on screen now, or null. */
export const currentAlert = (): string | null => queue[0] ?? null;

/** Closes the text on screen (the dialog's button). */
export const dismissAlert = (): void => {
  if (queue.length === 0) return;
  queue = queue.slice(1);
  emit();
};

export const subscribeAlert = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Tests and a session's end: no alert of one resident is left for the next. */
export const clearAlerts = (): void => {
  queue = [];
  emit();
};

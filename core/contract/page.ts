/**
 * What the server's index page tells the app before any request (server/page.ts, read by
 * src/lib/closed-form.ts).
 */

/**
 * A `<meta>` in the head of a form's address whose form is not open (unknown or closed), naming
 * that form's id: the app says 本帳票が無効 at once instead of first asking the resident to sign in.
 */
export const CLOSED_FORM_META = 'closed-form';

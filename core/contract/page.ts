/**
 * What the server's index page tells the app before any request (server/page.ts, read by
 * src/lib/closed-form.ts).
 */

/**
 * A `<meta>` in the head of a form's address whose form is not open (unknown or closed), naming
 * that form's id: the app says 本帳票が無効 at once instead of first asking the resident to sign in.
 */
export const CLOSED_FORM_META = 'closed-form';

/**
 * A `<meta>` in the head of a form's address whose form has a Google Tag Manager container
 * (server/gtm.ts), naming the form: the app leaves that address by loading the next page whole,
 * so the container never sees another page (src/lib/tagged-page.ts).
 */
export const TAGGED_FORM_META = 'tagged-form';

/** Where a kiosk tablet keeps its credential (src/lib/kiosk.ts); the tag snippet skips a kiosk by it. */
export const KIOSK_STORAGE_KEY = 'kiosk';

/**
 * A form's own address: /survey/{id}, /calendar/{id}, /bed-reservation/{id} (the kind and the id
 * captured). The server renders a page of the form's own there (server/page.ts), which the service
 * worker keeps (sw/form-pages.ts). /survey/api is the API's.
 */
export const FORM_PAGE_PATH = /^\/(survey|calendar|bed-reservation)\/(?!api\/?$)([^/]+)\/?$/;

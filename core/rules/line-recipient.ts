/**
 * Who a LINE message can go to: a resident signed in with LINE (user id `U` + 32 hex). A kiosk's
 * visitor (`I…`) and an office registration written under an id of the office's own have no LINE
 * account the product knows, so nothing is sent for them (issue 59).
 */
const LINE_USER_ID = /^U[0-9a-f]{32}$/;

export const lineRecipientOf = (userId: string): string | null => (LINE_USER_ID.test(userId) ? userId : null);

/** Leaves the app for `href`, replacing /url-external in the history (spec 01 §2: a redirect). */
export const leaveFor = (href: string): void => window.location.replace(href);

/**
 * /url-external's decision (spec 01 §2 "redirect to an external page"). Reading chosen: the app
 * leaves at once only for hosts the operator lists (EXTERNAL_URL_HOSTS, served in /app-config);
 * any other web address is first named on a confirmation screen, so a crafted link cannot use the
 * municipality's app to bounce a resident to a lookalike site. Non-web addresses never leave.
 */

/** Only web addresses leave the app: javascript:, data: and the like are never followed. */
export const externalTarget = (raw: string | undefined): URL | null => {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
};

export type ExternalDecision =
  | { kind: 'redirect'; href: string }
  /** `host` is what the screen names: URL.host, with a port when it is not the default. */
  | { kind: 'confirm'; href: string; host: string };

/**
 * `allowedHosts` null: the list could not be read (offline, server down), so the resident is
 * asked — never a silent redirect. The match is exact on the host name: a subdomain of a listed
 * host is another host.
 */
export const decideExternal = (target: URL, allowedHosts: readonly string[] | null): ExternalDecision => {
  // URL.hostname is already lower case (punycode for an IDN); the list is too, from the server.
  const allowed = allowedHosts?.some((h) => h.toLowerCase() === target.hostname) ?? false;
  return allowed ? { kind: 'redirect', href: target.href } : { kind: 'confirm', href: target.href, host: target.host };
};

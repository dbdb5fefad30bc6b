/**
 * The headers every answer of a kind carries, decided in one place (app.ts sets them):
 * - API answers (/survey/api/v1/…): `Cache-Control: no-store`, all of them. Most carry personal
 *   data or tokens (answers, lookups, the sign-in exchange); the public reads (calendar schedule,
 *   form configs) change with every booking and every import, carry no validator to revalidate
 *   against, and are kept for offline use by the PWA itself (src/offline), never by HTTP caches.
 *   One rule for the whole prefix leaves no personal answer to a forgotten exception. The OpenAPI
 *   document, public and the same for everyone, is the exception: `no-cache`.
 * - Pages and files (the PWA, its assets, the dev issuer): a Content-Security-Policy and a
 *   Permissions-Policy on HTML, and the Permissions-Policy on the service worker's script too.
 *   Browsers apply neither to scripts, styles or images, where they would only add to a first
 *   visit's bytes.
 * - Everything: Strict-Transport-Security when PUBLIC_URL is https.
 */
import type { AppConfig } from './config';
import { GTM_ORIGIN } from './gtm';

export const API_CACHE_CONTROL = 'no-store';

/**
 * Browser features the app does not use are denied to it and to anything it frames. Geolocation is
 * kept for the page's own origin: spec 02's location item (位置情報を入力) fills in the resident's
 * position; so is WebAuthn's get, the staff console's passkey sign-in (issue 56). Files and photos
 * are picked through <input type=file>, which needs no camera grant; card payment leaves for the
 * provider's page, not the Payment Request API. Features the default
 * leaves to the page's own origin and the app may use (clipboard for the 受付番号 copy, fullscreen)
 * are not named. Only features Chromium recognises are listed: it logs every unknown name as an
 * error on each page (Web Bluetooth is not a policy feature there, so it is not named).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=(self)',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * A year, without includeSubDomains: a municipality's PUBLIC_URL is often one host of a domain
 * whose other hosts this server does not speak for. Browsers heed it only over https.
 */
export const strictTransportSecurity = (config: AppConfig): string | null =>
  /^https:\/\//i.test(config.publicUrl) ? 'max-age=31536000' : null;

/**
 * `scriptHashes`: the index page's inline scripts (page.ts inlineScriptHashes). `gtmHash`: on a
 * form page with a tag container (gtm.ts), its head snippet's hash; GTM's origin is then allowed
 * for scripts and frames, and on no other page.
 */
export const contentSecurityPolicy = (config: AppConfig, scriptHashes: readonly string[] = [], gtmHash: string | null = null): string => {
  const gtm = gtmHash ? [gtmHash, GTM_ORIGIN] : [];
  const liff = config.line.liffId ? ' https://api.line.me https://access.line.me https://liffsdk.line-scdn.net' : '';
  const formAction = ["'self'", config.paymentProviderOrigin].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes, ...gtm].join(' '),
    // Mantine sets CSS variables through style attributes and injected <style> elements.
    "style-src 'self' 'unsafe-inline'",
    // Profile pictures come from LINE's CDN; header images from wherever an operator hosts them.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${liff}`,
    ...(gtmHash ? [`frame-src 'self' ${GTM_ORIGIN}`] : []),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${formAction}`,
    "frame-ancestors 'self'",
  ].join('; ');
};

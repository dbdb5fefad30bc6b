/**
 * Reverse geocoding for the location item (spec 02 §7): a position to an address, in Japanese,
 * with the leading country and postcode removed. Production: Google's Geocoding API (GET
 * ?latlng&language=ja&key); development: geocode-local.ts answers the same JSON shape from a
 * bundled municipality dataset, read by the same mapping. A non-200 answer or a service error
 * status is thrown (GeocodeError), as the spec says.
 */
import type { AppConfig } from '../config';
import { localReverseGeocode } from './geocode-local';

export interface GeocodeProvider {
  kind: 'google' | 'local';
  /** The address at a position; null when the service knows none there. */
  reverse(lat: number, lng: number, signal?: AbortSignal): Promise<string | null>;
}

export class GeocodeError extends Error {}

const TIMEOUT_MS = 10_000;

/** 日本、〒100-0005 東京都千代田区… → 東京都千代田区…; also "Japan, " and a bare 〒 or postcode. */
export const stripCountryAndPostcode = (address: string): string =>
  address
    .trim()
    .replace(/^(日本|Japan)[、,]\s*/u, '')
    .replace(/^〒?\s*\d{3}[-－]\d{4}\s*/u, '')
    .trim();

/** A Geocoding API answer: the first result's address, stripped; ZERO_RESULTS is null; other statuses throw. */
export const addressFromGeocode = (json: unknown): string | null => {
  if (typeof json !== 'object' || json === null) throw new GeocodeError('geocode: not an object');
  const { status, results, error_message: message } = json as { status?: unknown; results?: unknown; error_message?: unknown };
  if (status === 'ZERO_RESULTS') return null;
  if (status !== 'OK') throw new GeocodeError(`geocode: ${String(status)} ${typeof message === 'string' ? message : ''}`.trim());
  const first = Array.isArray(results) ? (results[0] as { formatted_address?: unknown } | undefined) : undefined;
  if (typeof first?.formatted_address !== 'string') throw new GeocodeError('geocode: no formatted_address');
  return stripCountryAndPostcode(first.formatted_address) || null;
};

export const createGoogleGeocode = (opts: { apiKey: string; url: string; fetch?: typeof fetch }): GeocodeProvider => ({
  kind: 'google',
  async reverse(lat, lng, signal) {
    const url = new URL(opts.url);
    url.searchParams.set('latlng', `${lat},${lng}`);
    url.searchParams.set('language', 'ja');
    url.searchParams.set('key', opts.apiKey);
    let res: Response;
    try {
      res = await (opts.fetch ?? fetch)(url, { signal: signal ?? AbortSignal.timeout(TIMEOUT_MS) });
    } catch (e) {
      throw new GeocodeError(`geocode: ${String(e)}`);
    }
    if (res.status !== 200) throw new GeocodeError(`geocode: HTTP ${res.status}`);
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new GeocodeError('geocode: unreadable answer');
    }
    return addressFromGeocode(json);
  },
});

export const createLocalGeocode = (): GeocodeProvider => ({
  kind: 'local',
  reverse: async (lat, lng) => addressFromGeocode(localReverseGeocode(lat, lng)),
});

export const createGeocodeProvider = (config: AppConfig): GeocodeProvider | null => {
  const m = config.maps;
  if (!m) return null;
  return m.kind === 'google' ? createGoogleGeocode({ apiKey: m.apiKey, url: m.geocodeUrl }) : createLocalGeocode();
};

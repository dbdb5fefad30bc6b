/**
 * Facility search (spec 02 §7 place-google), as the server sees it: a keyword within a
 * prefecture's circle, answered as the contract's places. Production: Google Places API (New)
 * Text Search, with the key kept on the server; development: places-local.ts, which answers the
 * same Text Search shape from a bundled dataset, read by the same mapping below.
 */
import type { Place } from '@core/contract/facility';
import type { Prefecture } from '@core/ja/prefectures';
import type { AppConfig } from '../config';
import { localSearchText } from './places-local';

export interface PlacesProvider {
  kind: 'google' | 'local';
  /** Throws PlacesError when the provider fails or answers something unreadable. */
  search(query: string, prefecture: Prefecture, signal?: AbortSignal): Promise<Place[]>;
}

export class PlacesError extends Error {}

/** Places API (New): a circle bias may not be wider than 50 km. */
export const MAX_BIAS_METRES = 50_000;
/** Fields asked for (the field mask decides what Google bills and answers). */
export const PLACES_FIELD_MASK = 'places.displayName,places.shortFormattedAddress,places.internationalPhoneNumber,places.location';
const TIMEOUT_MS = 10_000;

/** The Text Search request body for a search (the prefecture name joins the keyword, the bias its circle). */
export const searchTextBody = (query: string, p: Prefecture) => ({
  textQuery: `${query} ${p.name}`,
  languageCode: 'ja',
  regionCode: 'JP',
  pageSize: 20,
  locationBias: { circle: { center: { latitude: p.lat, longitude: p.lng }, radius: Math.min(p.radius * 1000, MAX_BIAS_METRES) } },
});

interface GooglePlace {
  displayName?: { text?: unknown };
  shortFormattedAddress?: unknown;
  internationalPhoneNumber?: unknown;
  location?: { latitude?: unknown; longitude?: unknown };
}

/** A Text Search answer as the contract's places; a place without a name or location is left out. */
export const placesFromSearchText = (json: unknown): Place[] => {
  if (typeof json !== 'object' || json === null) throw new PlacesError('places: not an object');
  const list = (json as { places?: unknown }).places;
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new PlacesError('places: places is not a list');
  return (list as GooglePlace[]).flatMap((g) => {
    const name = g.displayName?.text;
    const lat = g.location?.latitude;
    const lng = g.location?.longitude;
    if (typeof name !== 'string' || typeof lat !== 'number' || typeof lng !== 'number') return [];
    return [
      {
        displayName: name,
        shortFormattedAddress: typeof g.shortFormattedAddress === 'string' ? g.shortFormattedAddress : '',
        internationalPhoneNumber: typeof g.internationalPhoneNumber === 'string' ? g.internationalPhoneNumber : null,
        location: { lat, lng },
      },
    ];
  });
};

export const createGooglePlaces = (opts: { apiKey: string; url: string; fetch?: typeof fetch }): PlacesProvider => ({
  kind: 'google',
  async search(query, prefecture, signal) {
    const doFetch = opts.fetch ?? fetch;
    let res: Response;
    try {
      res = await doFetch(opts.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Goog-Api-Key': opts.apiKey, 'X-Goog-FieldMask': PLACES_FIELD_MASK },
        body: JSON.stringify(searchTextBody(query, prefecture)),
        signal: signal ?? AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new PlacesError(`places: ${String(e)}`);
    }
    const text = await res.text();
    if (!res.ok) throw new PlacesError(`places: HTTP ${res.status} ${text.slice(0, 200)}`);
    try {
      return placesFromSearchText(JSON.parse(text));
    } catch (e) {
      throw e instanceof PlacesError ? e : new PlacesError('places: unreadable answer');
    }
  },
});

export const createLocalPlaces = (): PlacesProvider => ({
  kind: 'local',
  search: async (query, prefecture) => placesFromSearchText(localSearchText(searchTextBody(query, prefecture), prefecture)),
});

export const createPlacesProvider = (config: AppConfig): PlacesProvider | null => {
  const m = config.maps;
  if (!m) return null;
  return m.kind === 'google' ? createGooglePlaces({ apiKey: m.apiKey, url: m.placesUrl }) : createLocalPlaces();
};

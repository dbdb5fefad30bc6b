/**
 * The local facility search for development and tests: answers a Places Text Search request in
 * Google's own answer shape from a small bundled dataset (places-local-data.ts), so the same
 * mapping (places.ts placesFromSearchText) reads both. Matching: every word of the keyword (the
 * prefecture name the request appends aside) in the folded name or address, within the prefecture.
 */
import { foldForMatch } from '@core/ja/fold';
import type { Prefecture } from '@core/ja/prefectures';
import { LOCAL_FACILITIES } from './places-local-data';

export const localSearchText = (body: { textQuery: string; pageSize: number }, prefecture: Prefecture) => {
  const words = body.textQuery
    .split(/\s+/u)
    .filter((w) => w !== '' && w !== prefecture.name)
    .map(foldForMatch);
  const found = LOCAL_FACILITIES.filter((f) => f.prefecture === prefecture.name)
    .filter((f) => {
      const hay = foldForMatch(`${f.name} ${f.address}`);
      return words.length > 0 && words.every((w) => hay.includes(w));
    })
    .slice(0, body.pageSize);
  // Google leaves `places` out when nothing matched.
  if (found.length === 0) return {};
  return {
    places: found.map((f) => ({
      displayName: { text: f.name, languageCode: 'ja' },
      shortFormattedAddress: f.address,
      ...(f.phone ? { internationalPhoneNumber: f.phone } : {}),
      location: { latitude: f.lat, longitude: f.lng },
    })),
  };
};

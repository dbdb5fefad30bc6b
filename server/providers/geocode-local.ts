/**
 * The local reverse geocoder for development and tests: the nearest municipality of a small
 * bundled dataset (geocode-local-data.ts), answered in the Geocoding API's JSON shape (country and
 * postcode in front, as Google writes them) so the production mapping reads it. Farther than
 * MAX_KM from every municipality: ZERO_RESULTS, as Google answers for the open sea.
 */
import { MUNICIPALITIES } from './geocode-local-data';

export const MAX_KM = 30;

/** Great-circle distance in km (haversine). */
export const distanceKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }): number => {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

export const localReverseGeocode = (lat: number, lng: number) => {
  let best: { m: (typeof MUNICIPALITIES)[number]; km: number } | undefined;
  for (const m of MUNICIPALITIES) {
    const km = distanceKm({ lat, lng }, m);
    if (!best || km < best.km) best = { m, km };
  }
  if (!best || best.km > MAX_KM) return { results: [], status: 'ZERO_RESULTS' };
  const { m } = best;
  return {
    results: [
      {
        formatted_address: `日本、〒${m.postcode} ${m.prefecture}${m.city}${m.area}`,
        geometry: { location: { lat: m.lat, lng: m.lng }, location_type: 'APPROXIMATE' },
        types: ['political', 'sublocality'],
      },
    ],
    status: 'OK',
  };
};

/**
 * Reverse geocoding for the location item (spec 02 §7 "reverse geocoding GET to a maps
 * service"): through the server, so the maps key never reaches the client. The answer is the
 * address with the country and postcode prefix removed (日本、〒100-0005 東京都… → 東京都…).
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define';
import { envelope } from './envelope';

const coordinate = (limit: number) => z.coerce.number().check(z.gte(-limit), z.lte(limit));

export const mapsReverseGeocode = defineEndpoint({
  method: 'GET',
  path: '/maps/reverse-geocode',
  auth: 'required',
  kiosk: true,
  office: true,
  billed: true,
  query: z.object({ lat: coordinate(90), lng: coordinate(180) }),
  /** `address` null: the service knows no address there (the sea). */
  response: envelope(z.object({ address: z.nullable(z.string()) })),
});

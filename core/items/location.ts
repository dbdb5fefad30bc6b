/**
 * Location (位置情報, spec 01 §3, spec 02 §2, §5): "address|lat|lng", set from the map dialog or
 * the device's position, the address read by reverse geocoding. Config: `zoom` of the map (15),
 * the map's starting centre `center` {lat, lng} (else the value's, else central Tokyo).
 * Reading chosen: "the hidden field requires an address" — a value without an address is refused
 * as unanswered would be (必須です), since a bare position says nothing to the office reading it.
 */
import * as z from 'zod/mini';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export interface LocationValue {
  address: string;
  lat: number;
  lng: number;
}

export const LOCATION_ADDRESS_MAX = 300;
export const MAP_ZOOM = 15;

const NUMBER = /^-?\d{1,3}(\.\d{1,15})?$/;

/** Six decimals (about 10 cm) are plenty for a place and keep the stored text short. */
export const formatLocationValue = (v: LocationValue): string => `${v.address}|${v.lat.toFixed(6)}|${v.lng.toFixed(6)}`;

/** The parts of a stored value, or null when it is not of that shape or out of range. */
export const parseLocationValue = (s: string): LocationValue | null => {
  const parts = s.split('|');
  if (parts.length !== 3) return null;
  const [address, latText, lngText] = parts as [string, string, string];
  if (!NUMBER.test(latText) || !NUMBER.test(lngText)) return null;
  const lat = Number(latText);
  const lng = Number(lngText);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { address, lat, lng };
};

export const locationItem = defineItem({
  type: 'location',
  configShape: () => ({
    zoom: z._default(z.int().check(z.gte(1), z.lte(19)), MAP_ZOOM),
    center: z.optional(z.object({ lat: z.number().check(z.gte(-90), z.lte(90)), lng: z.number().check(z.gte(-180), z.lte(180)) })),
  }),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const v = parseLocationValue(s);
    if (!v) return [INVALID_VALUE];
    if (v.address.trim() === '') return [issue('required')];
    if (v.address.length > LOCATION_ADDRESS_MAX) return [issue('lengthMax', { max: LOCATION_ADDRESS_MAX })];
    return [];
  },
});

export const locationSamples: SamplesOf<typeof locationItem> = {
  configs: [{}, { zoom: 12, center: { lat: 33.59, lng: 130.4 } }],
  valid: ['東京都千代田区丸の内１丁目|35.681236|139.767125', '福岡県福岡市中央区天神|33.590200|130.398900', '沖縄県那覇市|-26.2|127'],
  invalid: [
    { value: '|35.681236|139.767125', issue: { key: 'required' } },
    { value: '東京都|91|139', issue: { key: 'invalidValue' } },
    { value: '東京都|35.6|181', issue: { key: 'invalidValue' } },
    { value: '東京都|35.6', issue: { key: 'invalidValue' } },
    { value: '東京都|35.6|139|x', issue: { key: 'invalidValue' } },
    { value: '東京都|abc|139', issue: { key: 'invalidValue' } },
    { value: ['東京都|35.6|139.7'], issue: { key: 'invalidValue' } },
  ],
};

/**
 * Facility (施設検索, spec 02 §2, §3, §5): a facility found by a keyword search within a prefecture
 * (POST /survey-results/place-google) or typed by name when it is not found. Config:
 * `defaultPrefecture`, the prefecture the dialog opens on.
 *
 * Reading chosen: of the spec's two stored forms the record one, as JSON
 * {"name","address","phone"} — a facility name may hold "|" or "#", which the other form splits
 * on. The phone is normalised (core/ja/phone.ts normalizePhone: +81 → 0, no spaces or hyphens);
 * a typed facility has only its name. A blank name is refused with the spec's 入力内容を確認してください。
 */
import * as z from 'zod/mini';
import { charLength } from '../ja/chars';
import { prefectureByName } from '../ja/prefectures';
import { INVALID_VALUE, defineItem, issue, single, type SamplesOf } from './define';

export interface FacilityValue {
  name: string;
  address: string;
  phone: string;
}

export const FACILITY_NAME_MAX = 200;
export const FACILITY_ADDRESS_MAX = 300;

export const formatFacilityValue = (v: FacilityValue): string => JSON.stringify({ name: v.name, address: v.address, phone: v.phone });

/** The stored record, or null when the text is not one. */
export const parseFacilityValue = (s: string): FacilityValue | null => {
  let raw: unknown;
  try {
    raw = JSON.parse(s);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { name, address, phone } = raw as Record<string, unknown>;
  if (typeof name !== 'string' || typeof (address ?? '') !== 'string' || typeof (phone ?? '') !== 'string') return null;
  return { name, address: (address as string | undefined) ?? '', phone: (phone as string | undefined) ?? '' };
};

export const facilityItem = defineItem({
  type: 'facility',
  configShape: () => ({
    defaultPrefecture: z.optional(z.string().check(z.refine((s) => prefectureByName(s) !== undefined, '47都道府県のいずれかにしてください'))),
  }),
  valueKind: 'single',
  requiredKey: 'facilityRequired',
  validate(value) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    const v = parseFacilityValue(s);
    if (!v) return [INVALID_VALUE];
    if (v.name.trim() === '') return [issue('facilityInvalid')];
    if (charLength(v.name) > FACILITY_NAME_MAX) return [issue('lengthMax', { max: FACILITY_NAME_MAX })];
    if (charLength(v.address) > FACILITY_ADDRESS_MAX) return [issue('lengthMax', { max: FACILITY_ADDRESS_MAX })];
    if (v.phone !== '' && !/^\d{6,15}$/.test(v.phone)) return [issue('phone')];
    return [];
  },
});

export const facilitySamples: SamplesOf<typeof facilityItem> = {
  configs: [{}, { defaultPrefecture: '福岡県' }],
  valid: [
    formatFacilityValue({ name: 'さくら市民病院', address: '福岡県さくら市中央1-1', phone: '0921234567' }),
    formatFacilityValue({ name: '近所の診療所 | 分院', address: '', phone: '' }),
    '{"name":"市民会館"}',
  ],
  invalid: [
    { value: formatFacilityValue({ name: '　', address: '', phone: '' }), issue: { key: 'facilityInvalid' } },
    { value: formatFacilityValue({ name: '病院', address: '', phone: '+81 92-123-4567' }), issue: { key: 'phone' } },
    { value: 'さくら市民病院|福岡県|0921234567', issue: { key: 'invalidValue' } },
    { value: '["病院"]', issue: { key: 'invalidValue' } },
    { value: formatFacilityValue({ name: 'あ'.repeat(201), address: '', phone: '' }), issue: { key: 'lengthMax', params: { max: 200 } } },
  ],
};

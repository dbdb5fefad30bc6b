/**
 * A ward's occupancy as the console shows it (issue 57): for each night of the run, the beds set
 * and taken (the ward's counters, as the resident calendar reads them), which stay holds each bed,
 * and every live stay sleeping there. Three queries whatever the number of nights or stays.
 *
 * Readings chosen:
 * - The ward's count is per night, not per bed: a stay whose form has no select bed item takes a
 *   place of the count and no bed, so it is listed on its nights without one.
 * - Cancelled stays (an ended status, core/rules/status.ts) gave their nights back and are left
 *   out, as the day sheet leaves out cancelled bookings.
 */
import type { Temporal } from 'temporal-polyfill';
import type { WardNights, WardStay } from '@core/contract/staff-bed-wards';
import { checkStatusSchema } from '@core/contract/result-rows';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { bedNameOf } from '@core/rules/bed-stay';
import { nameItemKeyOf } from '@core/rules/name-item';
import { isEnded } from '@core/rules/status';
import type { RouteStore } from '../route-context';
import { readNights, type StayRow, type Ward } from '../store/beds';
import { claimsOfStays, staysOverNights } from '../store/bed-ward';
import { fieldsOf, nightsOfRow } from '../beds/stay';
import { DEFAULT_REGISTRANT_NAME } from '../answers/write/rows';

type Db = RouteStore['db'];

const stayOf = (row: StayRow, nameKey: string | null, bedId: string | null): WardStay => {
  const name = nameKey === null ? undefined : fieldsOf(row).find((f) => f.itemKey === nameKey)?.value;
  return {
    partitionKey: row.partition_key,
    name: name && name.trim() !== '' ? name : DEFAULT_REGISTRANT_NAME,
    answerCode: null,
    startDate: row.start_date,
    startSession: row.start_session,
    endDate: row.end_date,
    endSession: row.end_session,
    status: checkStatusSchema.parse(row.check_status),
    bedId,
  };
};

export const wardNightsOf = async (db: Db, ward: Ward, config: ServedSurveyConfig | null, from: Temporal.PlainDate, count: number): Promise<WardNights> => {
  const nights = Array.from({ length: count }, (_, i) => from.add({ days: i }).toString());
  const first = nights[0] as string;
  const last = nights[nights.length - 1] as string;
  const [counts, all] = await Promise.all([readNights(db, ward.surveyId, first, last), staysOverNights(db, ward.surveyId, first, last)]);
  const rows = all.filter((r) => !isEnded(checkStatusSchema.parse(r.check_status)));
  const claims = await claimsOfStays(
    db,
    ward.surveyId,
    rows.map((r) => r.partition_key),
    first,
    last,
  );
  const holder = new Map(claims.map((c) => [`${c.bed_id}|${c.night}`, c.partition_key]));
  const bedOf = new Map(claims.map((c) => [c.partition_key, c.bed_id]));
  // A bed a stay still holds that a later import took off the ward stays visible under its id.
  const beds = [...ward.beds.map((b) => ({ bedId: b.bedId, bedName: b.bedName }))];
  for (const id of new Set(claims.map((c) => c.bed_id))) if (!beds.some((b) => b.bedId === id)) beds.push({ bedId: id, bedName: bedNameOf(ward.beds, id) });
  const bedIndex = new Map(beds.map((b, i) => [b.bedId, i]));

  const nameKey = config ? nameItemKeyOf(config.surveySchema) : null;
  const stays = rows.map((r) => stayOf(r, nameKey, bedOf.get(r.partition_key) ?? null));
  const nightsOf = new Map(rows.map((r) => [r.partition_key, new Set(nightsOfRow(r))]));
  const onBeds = [...stays].sort((a, b) => (bedIndex.get(a.bedId ?? '') ?? beds.length) - (bedIndex.get(b.bedId ?? '') ?? beds.length));
  const byNight = new Map(counts.map((n) => [n.night, n]));

  return {
    surveyId: ward.surveyId,
    title: config?.surveyTitle ?? ward.surveyId,
    from: first,
    to: last,
    choosesBed: config?.surveySchema.some((i) => i.type === 'selectBed') ?? false,
    beds,
    nights: nights.map((night) => {
      const n = byNight.get(night);
      const held = n?.reserved ?? 0;
      return {
        night,
        capacity: n ? n.capacity : null,
        held,
        free: Math.max(0, (n?.capacity ?? 0) - held),
        beds: beds.map((b) => ({ bedId: b.bedId, partitionKey: holder.get(`${b.bedId}|${night}`) ?? null })),
        stays: onBeds.filter((s) => nightsOf.get(s.partitionKey)?.has(night)).map((s) => s.partitionKey),
      };
    }),
    stays,
  };
};

/**
 * The ward grid's rows, from the server's nights alone: a row per bed (where the form chooses
 * beds, or a stay still holds one), then as many rows as it takes to lay out the stays that hold
 * no bed without two overlapping in one row (first fit by admission). Each row is a run of cells,
 * one per night, a stay's consecutive nights joined into one cell.
 */
import { Temporal } from 'temporal-polyfill';
import type { WardNights, WardStay } from '@core/contract/staff-bed-wards';

export type WardCell =
  | { kind: 'free'; night: string }
  /** clipped: the stay sleeps there before the first night shown or after the last. */
  | { kind: 'stay'; stay: WardStay; span: number; clipped: boolean };

export interface WardRow {
  key: string;
  /** The bed's name; null for a row of stays without a bed, labelled by its number (lane, from 1). */
  bedName: string | null;
  lane: number;
  cells: WardCell[];
}

/** A row's holder per night index laid out as cells: a free night each, a stay's run joined. */
const cellsOf = (w: WardNights, holderAt: (i: number) => string | null, byKey: Map<string, WardStay>): WardCell[] => {
  const out: WardCell[] = [];
  // The discharge day after the last night shown.
  const lastOut = Temporal.PlainDate.from(w.to).add({ days: 1 }).toString();
  for (let i = 0; i < w.nights.length; ) {
    const pk = holderAt(i);
    const stay = pk === null ? undefined : byKey.get(pk);
    if (!stay) {
      out.push({ kind: 'free', night: (w.nights[i] as WardNights['nights'][number]).night });
      i += 1;
      continue;
    }
    let j = i + 1;
    while (j < w.nights.length && holderAt(j) === pk) j += 1;
    out.push({ kind: 'stay', stay, span: j - i, clipped: stay.startDate < w.from || stay.endDate > lastOut });
    i = j;
  }
  return out;
};

export const wardRows = (w: WardNights): WardRow[] => {
  const byKey = new Map(w.stays.map((s) => [s.partitionKey, s]));
  const held = (bedId: string, i: number) => w.nights[i]?.beds.find((b) => b.bedId === bedId)?.partitionKey ?? null;
  const beds = w.beds.filter((b) => w.choosesBed || w.nights.some((_, i) => held(b.bedId, i) !== null));
  const rows: WardRow[] = beds.map((b) => ({ key: `bed:${b.bedId}`, bedName: b.bedName, lane: 0, cells: cellsOf(w, (i) => held(b.bedId, i), byKey) }));

  // Stays without a bed, first fit: each lane keeps which stay sleeps there on each night.
  const lanes: (string | null)[][] = [];
  for (const s of w.stays.filter((x) => x.bedId === null)) {
    const on = w.nights.map((n) => n.stays.includes(s.partitionKey));
    let lane = lanes.find((l) => on.every((o, i) => !o || l[i] === null));
    if (!lane) {
      lane = w.nights.map(() => null);
      lanes.push(lane);
    }
    for (const [i, o] of on.entries()) if (o) lane[i] = s.partitionKey;
  }
  lanes.forEach((lane, n) => rows.push({ key: `lane:${n}`, bedName: null, lane: n + 1, cells: cellsOf(w, (i) => lane[i] ?? null, byKey) }));
  return rows;
};

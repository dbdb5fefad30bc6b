/**
 * The ward grid's rows (src/features/admin/bed-wards/ward-rows.ts): a stay's nights joined into
 * one cell on its bed's row, stays without a bed laid out first fit so two never share a night in
 * a row, bed rows only where the form chooses beds (or a stay still holds one), and a stay that
 * runs past either end of the nights shown marked clipped.
 */
import { describe, expect, it } from 'vitest';
import type { WardNights, WardStay } from '@core/contract/staff-bed-wards';
import { wardRows } from '../../src/features/admin/bed-wards/ward-rows';

const NIGHTS = ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04'];

const stay = (partitionKey: string, startDate: string, endDate: string, bedId: string | null = null): WardStay => ({
  partitionKey,
  name: partitionKey,
  answerCode: null,
  startDate,
  startSession: '午後',
  endDate,
  endSession: '午前',
  status: '未対応',
  bedId,
});

/** The nights as the server answers them, from the stays' dates (a night is admission … discharge − 1). */
const ward = (stays: WardStay[], choosesBed: boolean, beds = [{ bedId: 'b1', bedName: '1号床' }, { bedId: 'b2', bedName: '2号床' }]): WardNights => {
  const on = (s: WardStay, n: string) => s.startDate <= n && n < s.endDate;
  return {
    surveyId: 'bed',
    title: '入院予約',
    from: NIGHTS[0] as string,
    to: NIGHTS[NIGHTS.length - 1] as string,
    choosesBed,
    beds,
    nights: NIGHTS.map((night) => ({
      night,
      capacity: 2,
      held: stays.filter((s) => on(s, night)).length,
      free: 0,
      beds: beds.map((b) => ({ bedId: b.bedId, partitionKey: stays.find((s) => s.bedId === b.bedId && on(s, night))?.partitionKey ?? null })),
      stays: stays.filter((s) => on(s, night)).map((s) => s.partitionKey),
    })),
    stays,
  };
};

const shape = (rows: ReturnType<typeof wardRows>) =>
  rows.map((r) => [r.bedName ?? `lane ${r.lane}`, r.cells.map((c) => (c.kind === 'free' ? '.' : `${c.stay.partitionKey}×${c.span}${c.clipped ? '~' : ''}`)).join(' ')]);

describe('ward grid rows', () => {
  it('joins a stay’s nights into one cell on its bed, and keeps every bed’s row where the form chooses beds', () => {
    const rows = wardRows(ward([stay('A', '2026-05-02', '2026-05-04', 'b1')], true));
    expect(shape(rows)).toEqual([
      ['1号床', '. A×2 .'],
      ['2号床', '. . . .'],
    ]);
  });

  it('lays stays without a bed out first fit, a discharge day free for the next admission', () => {
    const rows = wardRows(
      ward([stay('A', '2026-05-01', '2026-05-03'), stay('B', '2026-05-02', '2026-05-04'), stay('C', '2026-05-03', '2026-05-05')], false),
    );
    // No bed rows: the form chooses none, so its beds would only look free.
    expect(shape(rows)).toEqual([
      ['lane 1', 'A×2 C×2'],
      ['lane 2', '. B×2 .'],
    ]);
  });

  it('marks a stay clipped when it sleeps there before the first night shown or after the last', () => {
    const rows = wardRows(ward([stay('A', '2026-04-29', '2026-05-02'), stay('B', '2026-05-03', '2026-05-04'), stay('C', '2026-05-04', '2026-05-07'), stay('D', '2026-05-02', '2026-05-03')], false));
    // D and B sleep there only on nights shown: neither is clipped.
    expect(shape(rows)).toEqual([['lane 1', 'A×1~ D×1 B×1 C×1~']]);
  });

  it('shows a bed a stay still holds on a ward whose form no longer chooses beds, above the stays without one', () => {
    const rows = wardRows(ward([stay('A', '2026-05-01', '2026-05-02', 'b2'), stay('B', '2026-05-01', '2026-05-03')], false));
    expect(shape(rows)).toEqual([
      ['2号床', 'A×1 . . .'],
      ['lane 1', 'B×2 . .'],
    ]);
  });
});

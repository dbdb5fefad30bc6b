/**
 * The slot edit rules and the slot CSV (core/rules/slot-edits.ts, slot-csv.ts): what a save must
 * confirm, a weekly rule's days, and the CSV read whole with every problem by its line.
 */
import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { heldConflicts, problemsOfEdits, removesHeld, weeklyEdits } from '@core/rules/slot-edits';
import { readSlotCsv } from '@core/rules/slot-csv';

const today = Temporal.PlainDate.from('2026-12-03');
const none = { add: [], remove: [] };

describe('slot edits', () => {
  it('asks to confirm a quota below what is held and a day off over bookings, not an edit above them', () => {
    const state = { held: new Map([['2026-12-07|1', 3], ['2026-12-07|2', 1]]), dayOffs: new Set(['2026-12-08']) };
    const edits = { quotas: [{ day: '2026-12-07', slot: '1', quota: 2 }, { day: '2026-12-07', slot: '2', quota: 1 }], dayOffs: { add: ['2026-12-07', '2026-12-08'], remove: [] } };
    expect(heldConflicts(edits, state)).toEqual([
      { day: '2026-12-07', slot: '1', held: 3, quota: 2 },
      { day: '2026-12-07', slot: null, held: 4, quota: null },
    ]);
    expect(removesHeld({ quotas: [{ day: '2026-12-07', slot: '2', quota: null }], dayOffs: none }, state)).toEqual({ day: '2026-12-07', slot: '2', quota: null });
    expect(removesHeld({ quotas: [{ day: '2026-12-09', slot: '2', quota: null }], dayOffs: none }, state)).toBeNull();
  });

  it('finds unknown slots, quotas out of range, twice-named cells and days past 400 from today', () => {
    const p = problemsOfEdits({ quotas: [{ day: '2026-12-07', slot: '9', quota: 1 }, { day: '2026-12-07', slot: '1', quota: 1.5 }, { day: '2026-12-07', slot: '1', quota: 2 }], dayOffs: { add: ['2028-12-01'], remove: [] } }, ['1', '2'], today);
    expect(p.map((x) => x.kind)).toEqual(['unknownSlot', 'badQuota', 'twice', 'outOfSpan']);
  });

  it('expands a weekly rule onto its weekdays, both ends included', () => {
    const e = weeklyEdits({ weekdays: [1, 3], quotas: { '1': 2 }, from: '2026-12-07', to: '2026-12-14' });
    expect(e.map((x) => x.day)).toEqual(['2026-12-07', '2026-12-09', '2026-12-14']);
  });
});

describe('slot CSV', () => {
  it('reads quotas, an empty quota as a removal, 休業 and 営業, quoted fields, a BOM and Excel’s dates', () => {
    const { edits, problems } = readSlotCsv('\uFEFF日付,枠,枠数\r\n2026/12/7,1,3\r\n"2026-12-07","2",""\r\n2026-12-08,休業,\r\n2026-12-09,営業,\r\n\r\n', ['1', '2'], today);
    expect(problems).toEqual([]);
    expect(edits).toEqual({
      quotas: [{ day: '2026-12-07', slot: '1', quota: 3 }, { day: '2026-12-07', slot: '2', quota: null }],
      dayOffs: { add: ['2026-12-08'], remove: ['2026-12-09'] },
    });
  });

  it('lists every problem by its line and needs the header', () => {
    expect(readSlotCsv('date,slot,quota\n2026-12-07,1,3', ['1'], today).problems).toEqual([{ line: 1, message: '1行目は「日付,枠,枠数」にしてください' }]);
    const { problems } = readSlotCsv('日付,枠,枠数\n2026-02-30,1,3\n2026-12-07,1,3\n2026-12-07,1,4\n2026-12-08,休業,2\n2026-12-09,1\n2026-12-10,1,-1', ['1'], today);
    expect(problems).toEqual([
      { line: 2, message: '日付「2026-02-30」が読めません（例: 2026-12-07 または 2026/12/7）' },
      { line: 4, message: '3行目と同じ日付・枠です' },
      { line: 5, message: '休業・営業の行の枠数は空にしてください' },
      { line: 6, message: '列は日付・枠・枠数の3つです' },
      { line: 7, message: '枠数「-1」は0から9999までの整数にしてください' },
    ]);
    expect(readSlotCsv('日付,枠,枠数\n', ['1'], today).problems).toEqual([{ line: 2, message: 'データの行がありません' }]);
  });
});

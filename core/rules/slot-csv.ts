/**
 * The slot CSV staff import in the console (docs/console-slots.md): a header 日付,枠,枠数, then a
 * row per slot and day (枠 a comaList key, 枠数 its places; an empty 枠数 removes the slot) or per
 * day (枠 休業 makes it a day off, 営業 takes a day off back). Read whole: any problem and nothing
 * is written, every problem listed with its line. Dates as Excel writes them (2026/12/7) are read.
 */
import { Temporal } from 'temporal-polyfill';
import { jaSlotCsv } from '../ja/slot-csv';
import { SLOT_EDITS_MAX, SLOT_QUOTA_MAX, problemsOfEdits, slotRef, type SlotEdits } from './slot-edits';

export interface CsvProblem {
  line: number;
  message: string;
}

const t = jaSlotCsv.problems;

/** One CSV line's fields; a field in double quotes may hold commas and doubled quotes. */
const fieldsOf = (line: string): string[] => {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (line[i] === '"') {
      i += 1;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (line[i] === '"') break;
        else field += line[i++];
      }
      i += 1;
    } else {
      while (i < line.length && line[i] !== ',') field += line[i++];
    }
    out.push(field.trim());
    if (line[i] !== ',') return out;
    i += 1;
  }
};

const dateOf = (raw: string): string | null => {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(raw);
  if (!m) return null;
  try {
    return Temporal.PlainDate.from({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }, { overflow: 'reject' }).toString();
  } catch {
    return null;
  }
};

export const readSlotCsv = (text: string, slotKeys: readonly string[], today: Temporal.PlainDate): { edits: SlotEdits; problems: CsvProblem[] } => {
  const edits: SlotEdits = { quotas: [], dayOffs: { add: [], remove: [] } };
  const problems: CsvProblem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const header = fieldsOf(lines[0] ?? '');
  if (header.join(',') !== jaSlotCsv.header.join(',')) return { edits, problems: [{ line: 1, message: t.header }] };
  const keys = new Set(slotKeys);
  const seen = new Map<string, number>();
  let rows = 0;
  lines.slice(1).forEach((raw, i) => {
    const line = i + 2;
    if (raw.trim() === '') return;
    rows += 1;
    const f = fieldsOf(raw);
    if (f.length !== 3) return void problems.push({ line, message: t.columns });
    const [rawDate, slot, rawQuota] = f as [string, string, string];
    const day = dateOf(rawDate);
    if (!day) return void problems.push({ line, message: t.date(rawDate) });
    if (problemsOfEdits({ quotas: [], dayOffs: { add: [day], remove: [] } }, slotKeys, today).length > 0) return void problems.push({ line, message: t.outOfSpan(rawDate) });
    const ref = slot === jaSlotCsv.closed || slot === jaSlotCsv.open ? slotRef(day, '') : slotRef(day, slot);
    const before = seen.get(ref);
    if (before !== undefined) return void problems.push({ line, message: t.twice(before) });
    seen.set(ref, line);
    if (slot === jaSlotCsv.closed || slot === jaSlotCsv.open) {
      if (rawQuota !== '') return void problems.push({ line, message: t.closedQuota });
      (slot === jaSlotCsv.closed ? edits.dayOffs.add : edits.dayOffs.remove).push(day);
      return;
    }
    if (!keys.has(slot)) return void problems.push({ line, message: t.slot(slot) });
    if (rawQuota === '') return void edits.quotas.push({ day, slot, quota: null });
    const quota = /^\d{1,4}$/.test(rawQuota) ? Number(rawQuota) : NaN;
    if (!(quota >= 0 && quota <= SLOT_QUOTA_MAX)) return void problems.push({ line, message: t.quota(rawQuota, SLOT_QUOTA_MAX) });
    edits.quotas.push({ day, slot, quota });
  });
  if (rows === 0) problems.push({ line: 2, message: t.empty });
  if (rows > SLOT_EDITS_MAX) problems.push({ line: SLOT_EDITS_MAX + 2, message: t.tooMany(SLOT_EDITS_MAX) });
  return { edits, problems };
};

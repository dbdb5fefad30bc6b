/**
 * A calendar's own settings as staff change them in the console (issue 58, spec 02 §3): the slots
 * of the day (comaList) and the booking rules. Stated once for the console, its save and the
 * bundle import: a coma's times, and which comas a change removes (refused while they hold
 * bookings from today on, like a removed slot of a day: core/rules/slot-edits.ts removesHeld).
 */

/** The most comas one calendar may have (every 10 minutes of a day and more). */
export const COMA_MAX = 200;

/** `HH:MM`, 00:00–24:00: how the spec's start/end labels are read, so a started slot is known. */
const minutesOf = (hhmm: string): number | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
};

export type ComaProblem = { slot: string; kind: 'badTime' | 'endBeforeStart' } | { slot: null; kind: 'noComa' | 'tooMany' };

/** The comaList's own problems: times as `HH:MM`, each coma ending after it starts, one coma at least. */
export const comaProblems = (comaList: Readonly<Record<string, { start: string; end: string }>>): ComaProblem[] => {
  const out: ComaProblem[] = [];
  const entries = Object.entries(comaList);
  if (entries.length === 0) out.push({ slot: null, kind: 'noComa' });
  if (entries.length > COMA_MAX) out.push({ slot: null, kind: 'tooMany' });
  for (const [slot, coma] of entries) {
    const [start, end] = [minutesOf(coma.start), minutesOf(coma.end)];
    if (start === null || end === null) out.push({ slot, kind: 'badTime' });
    else if (end <= start) out.push({ slot, kind: 'endBeforeStart' });
  }
  return out;
};

/** Comas of `before` that `after` no longer has. */
export const removedComas = (before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): string[] =>
  Object.keys(before).filter((k) => !(k in after));

/** Names of the settings that differ (shallow; comaList compared as JSON): what the audit row records. */
export const changedSettings = <T extends Record<string, unknown>>(before: T, after: T): string[] =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();

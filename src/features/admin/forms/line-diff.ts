/**
 * A line diff of two texts (the canonical pretty JSON of two versions): the common head and tail
 * cut off, the middle by longest common subsequence. A middle too big for that (a form rewritten
 * whole) reads as all removed, then all added.
 */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

const LCS_CELLS_MAX = 4_000_000;

export const lineDiff = (before: string, after: string): DiffLine[] => {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const same = (lines: string[]): DiffLine[] => lines.map((text) => ({ kind: 'same', text }));
  return [...same(a.slice(0, head)), ...middle(midA, midB), ...same(a.slice(a.length - tail))];
};

const middle = (a: string[], b: string[]): DiffLine[] => {
  const n = a.length;
  const m = b.length;
  if (n * m > LCS_CELLS_MAX) return [...a.map((text) => ({ kind: 'removed' as const, text })), ...b.map((text) => ({ kind: 'added' as const, text }))];
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..], in one flat array.
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i * w + j] = a[i] === b[j] ? (lcs[(i + 1) * w + j + 1] ?? 0) + 1 : Math.max(lcs[(i + 1) * w + j] ?? 0, lcs[i * w + j + 1] ?? 0);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i] as string });
      i++;
      j++;
    } else if ((lcs[(i + 1) * w + j] ?? 0) >= (lcs[i * w + j + 1] ?? 0)) out.push({ kind: 'removed', text: a[i++] as string });
    else out.push({ kind: 'added', text: b[j++] as string });
  }
  while (i < n) out.push({ kind: 'removed', text: a[i++] as string });
  while (j < m) out.push({ kind: 'added', text: b[j++] as string });
  return out;
};

/**
 * The slot CSV's words and its problems (core/rules/slot-csv.ts), as staff read them beside the
 * line, and the problems of a save's edits (core/rules/slot-edits.ts) by kind.
 */
export const jaSlotCsv = {
  header: ['日付', '枠', '枠数'],
  closed: '休業',
  open: '営業',
  problems: {
    header: '1行目は「日付,枠,枠数」にしてください',
    columns: '列は日付・枠・枠数の3つです',
    date: (v: string) => `日付「${v}」が読めません（例: 2026-12-07 または 2026/12/7）`,
    slot: (v: string) => `枠「${v}」はこのカレンダーにありません`,
    quota: (v: string, max: number) => `枠数「${v}」は0から${max}までの整数にしてください`,
    closedQuota: '休業・営業の行の枠数は空にしてください',
    twice: (first: number) => `${first}行目と同じ日付・枠です`,
    outOfSpan: (v: string) => `日付「${v}」は今日から400日以内にしてください`,
    empty: 'データの行がありません',
    tooMany: (max: number) => `一度に読み込めるのは${max}行までです`,
  },
  edits: {
    unknownSlot: 'この枠はカレンダーにありません',
    badQuota: '枠数は0から9999までの整数にしてください',
    twice: '同じ日付・枠が2回あります',
    outOfSpan: '今日から400日以内の日付にしてください',
  },
} as const;

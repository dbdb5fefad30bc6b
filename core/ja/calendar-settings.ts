/** The problems of a calendar's comaList (core/rules/calendar-settings.ts), as staff and import files read them. */
import type { ComaProblem } from '../rules/calendar-settings';

export const jaComaProblem = (p: ComaProblem): string =>
  p.kind === 'noComa'
    ? '枠（時間帯）を1つ以上設定してください'
    : p.kind === 'tooMany'
      ? '枠（時間帯）が多すぎます'
      : p.kind === 'badTime'
        ? `枠 ${p.slot} の時刻は 09:00 のように 00:00〜24:00 で入力してください`
        : `枠 ${p.slot} の終了時刻は開始時刻より後にしてください`;

/** A stay's admission and discharge, as the form, the confirm step and the finish page show it. */
import { Stack, Text } from '@mantine/core';
import type { Temporal } from 'temporal-polyfill';
import { END_DATE_KEY, START_DATE_KEY, formatDateWithSession, parseDateWithSession, stayLabel, type DaySession } from '@core/rules/bed-stay';
import { jaScreens } from '../../messages/ja-screens';
import { readDateText } from '../../lib/ja-dates';
import type { StayChoice } from './stay-dialog';

export interface Stay extends StayChoice {
  start: Temporal.PlainDate;
}

/** The stay two dates name ("YYYY-MM-DD 午後"), with the sessions' defaults; null when either is unreadable. */
export const stayOf = (dates: { startDate: string; endDate: string } | null): Stay | null => {
  const s = dates && parseDateWithSession(dates.startDate);
  const e = dates && parseDateWithSession(dates.endDate);
  if (!s || !e) return null;
  return {
    start: s.date,
    nights: s.date.until(e.date, { largestUnit: 'days' }).days,
    startSession: (s.session ?? '午後') as DaySession,
    endSession: (e.session ?? '午前') as DaySession,
  };
};

/** The stay the rows of a bed write carry (its startDate and endDate rows). */
export const stayOfRows = (rows: readonly { itemKey: string; value: string }[]): Stay | null => {
  const startDate = rows.find((r) => r.itemKey === START_DATE_KEY)?.value;
  const endDate = rows.find((r) => r.itemKey === END_DATE_KEY)?.value;
  return startDate && endDate ? stayOf({ startDate, endDate }) : null;
};

/** `labels`: the form's own titles for the two dates, when it has items for them. */
export function StaySummary({ stay, labels }: { stay: Stay; labels?: { admission?: string | undefined; discharge?: string | undefined } }) {
  return (
    <Stack gap={4} data-testid="bed-stay">
      <Text size="sm">
        {labels?.admission ?? jaScreens.bed.admission}: {readDateText(formatDateWithSession(stay.start, stay.startSession))}
      </Text>
      <Text size="sm">
        {labels?.discharge ?? jaScreens.bed.discharge}: {readDateText(formatDateWithSession(stay.start.add({ days: stay.nights }), stay.endSession))}（{stayLabel(stay.nights)}）
      </Text>
    </Stack>
  );
}

/**
 * Month grids of remaining beds (spec 02 §2): Back, Today and next-month buttons, the year-month
 * caption, 日月火水木金土 headers, remaining beds per day (X when none), past days disabled.
 */
import { Button, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Temporal } from 'temporal-polyfill';
import type { BedRule } from '@core/rules/bed-stay';
import { fill } from '../../messages/fill';
import { jaScreens } from '../../messages/ja-screens';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { monthRange, monthWeeks } from './month';
import { bedCalendarQuery } from './queries';
import './beds.css';

export interface BedCalendarProps {
  surveyId: string;
  month: Temporal.PlainYearMonth;
  onMonth: (m: Temporal.PlainYearMonth) => void;
  today: Temporal.PlainDate;
  rule: BedRule;
  editing: boolean;
  onPick: (date: Temporal.PlainDate) => void;
}

export function BedCalendar({ surveyId, month, onMonth, today, rule, editing, onPick }: BedCalendarProps) {
  const { startDate, endDate } = monthRange(month);
  const query = useQuery(bedCalendarQuery(surveyId, startDate, endDate));
  const thisMonth = today.toPlainYearMonth();
  const remaining = query.data ? new Map(query.data.data.map((d) => [d.date, d.bedRemaining])) : null;
  const weeks = monthWeeks(month, today, remaining, rule, editing);

  return (
    <Stack gap="sm" data-testid="bed-calendar">
      <Group justify="space-between" wrap="nowrap">
        <Button variant="default" size="xs" disabled={Temporal.PlainYearMonth.compare(month, thisMonth) <= 0} onClick={() => onMonth(month.subtract({ months: 1 }))}>
          {jaScreens.bed.back}
        </Button>
        <Button variant="default" size="xs" onClick={() => onMonth(thisMonth)}>
          {jaScreens.bed.today}
        </Button>
        <Button variant="default" size="xs" onClick={() => onMonth(month.add({ months: 1 }))}>
          {jaScreens.bed.next}
        </Button>
      </Group>
      {query.isPending ? <LoadingText /> : query.isError ? <LoadError error={query.error} wayBack={false} /> : null}
      <table className="bed-month">
        <caption>{fill(jaScreens.bed.monthCaption, { year: month.year, month: month.month })}</caption>
        <thead>
          <tr>
            {jaScreens.bed.weekdays.map((w) => (
              <th key={w} scope="col">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.dateStr}>
              {week.map((d) => (
                <td key={d.dateStr}>
                  {d.dateNumber === null ? null : (
                    <UnstyledButton className="bed-day" data-date={d.dateStr} disabled={!d.selectable} onClick={() => onPick(d.date)}>
                      {/* Read as 12月3日 残り2床: the month and 日 are for screen readers only. */}
                      <Text span size="sm" fw={700}>
                        <VisuallyHidden>{d.date.month}月</VisuallyHidden>
                        {d.dateNumber}
                        <VisuallyHidden>日 </VisuallyHidden>
                      </Text>
                      {d.isPastDate ? null : d.bedRemaining ? (
                        <Text span size="xs">
                          {fill(jaScreens.bed.remaining, { count: d.bedRemaining })}
                        </Text>
                      ) : (
                        <Text span size="xs" c="dimmed">
                          <span aria-hidden="true">{jaScreens.bed.none}</span>
                          <VisuallyHidden>{jaScreens.bed.noBeds}</VisuallyHidden>
                        </Text>
                      )}
                    </UnstyledButton>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Stack>
  );
}

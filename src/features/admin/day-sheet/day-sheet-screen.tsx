/**
 * /admin/calendars/$calendarId: the day sheet of one calendar (issue 57), today by default. Slots
 * as sections in their order, bookings as rows with 来院 / 未来院; read again every 15 seconds
 * while visible; printable on A4 (day-sheet.css).
 */
import './day-sheet.css';
import { Alert, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { Navigate } from '@tanstack/react-router';
import { Temporal } from 'temporal-polyfill';
import { readDateText } from '../../../lib/ja-dates';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { DaySheetNav } from './day-sheet-nav';
import { DaySheetSlot } from './day-sheet-slot';
import { useDaySheetPage } from './use-day-sheet-page';

const t = jaConsole.daySheet;

const clockOf = (ms: number): string => {
  const z = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO('Asia/Tokyo');
  return `${String(z.hour).padStart(2, '0')}:${String(z.minute).padStart(2, '0')}:${String(z.second).padStart(2, '0')}`;
};

export function DaySheetPage() {
  const p = useDaySheetPage();
  if (p.me.isPending) return <LoadingText />;
  if (!p.me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: `/admin/calendars/${p.calendarId}` }} replace />;
  const s = p.sheet.data;
  return (
    <ConsoleFrame me={p.me.data}>
      <Stack className="day-sheet" gap="md">
        <DaySheetNav date={p.date} today={p.today} onDate={p.goTo} />
        {p.sheet.error && !s ? (
          <Alert color="red" variant="light" role="alert">
            {p.sheet.error.message}
          </Alert>
        ) : null}
        {!s ? <LoadingText /> : null}
        {s ? (
          <>
            <div>
              <Title order={1} size="h3">
                {fill(t.heading, { name: s.name })}
              </Title>
              <Text fw={700} data-testid="day-sheet-day">
                {readDateText(s.date)}
              </Text>
              <Text size="xs" c="dark.4">
                {fill(t.updated, { time: clockOf(p.sheet.dataUpdatedAt) })}
              </Text>
            </div>
            {s.dayOff ? (
              <Alert color="gray" variant="light">
                {t.dayOff}
              </Alert>
            ) : null}
            {p.markError ? (
              <Alert color="red" variant="light" role="alert">
                {fill(t.markFailed, { reason: p.markError.message })}
              </Alert>
            ) : null}
            {s.canHandle && s.walkIns.length > 0 ? (
              <div className="day-sheet-no-print">
                <NativeSelect
                  label={t.walkInForm}
                  value={String(p.walkInIndex)}
                  onChange={(e) => p.setWalkInIndex(Number(e.currentTarget.value))}
                  data={s.walkIns.map((w, i) => ({ value: String(i), label: `${w.surveyTitle}：${[...w.category, w.itemName].join(' › ')}` }))}
                  maw={640}
                />
                {p.walkIn && !p.walkIn.param ? (
                  <Text size="xs" c="dark.4" mt={4}>
                    {t.noPrefill}
                  </Text>
                ) : null}
              </div>
            ) : null}
            <div>
              {s.slots.map((slot) => (
                <DaySheetSlot key={slot.slot} slot={slot} date={s.date} canHandle={s.canHandle} walkIn={p.walkIn} busyKey={p.busyKey} onMark={p.mark} />
              ))}
            </div>
          </>
        ) : null}
      </Stack>
    </ConsoleFrame>
  );
}

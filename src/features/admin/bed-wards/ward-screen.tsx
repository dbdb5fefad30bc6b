/**
 * /admin/bed-wards/$surveyId: a ward's nights (issue 57), fourteen from today by default: the grid
 * of beds by night with each stay across its nights, then the stays in a list; read again every 30
 * seconds while visible; printable on A4 landscape (bed-ward.css).
 */
import './bed-ward.css';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { Navigate } from '@tanstack/react-router';
import { Temporal } from 'temporal-polyfill';
import { readDateText } from '../../../lib/ja-dates';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { WardGrid } from './ward-grid';
import { WardNav } from './ward-nav';
import { WardStays } from './ward-stays';
import { useWardPage } from './use-ward-page';

const t = jaConsole.ward;

const clockOf = (ms: number): string => {
  const z = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO('Asia/Tokyo');
  return `${String(z.hour).padStart(2, '0')}:${String(z.minute).padStart(2, '0')}:${String(z.second).padStart(2, '0')}`;
};

export function WardPage() {
  const p = useWardPage();
  if (p.me.isPending) return <LoadingText />;
  if (!p.me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: `/admin/bed-wards/${p.surveyId}` }} replace />;
  const w = p.ward.data;
  return (
    <ConsoleFrame me={p.me.data}>
      <Stack className="bed-ward" gap="md">
        <WardNav from={p.from} today={p.today} onFrom={p.goTo} onEarlier={p.earlier} onLater={p.later} />
        {p.ward.error && !w ? (
          <Alert color="red" variant="light" role="alert">
            {p.ward.error.message}
          </Alert>
        ) : null}
        {!w ? <LoadingText /> : null}
        {w ? (
          <>
            <div>
              <Title order={1} size="h3">
                {fill(t.heading, { name: w.title })}
              </Title>
              <Text fw={700} data-testid="ward-range">
                {fill(t.range, { from: readDateText(w.from), to: readDateText(w.to), nights: w.nights.length })}
              </Text>
              <Text size="xs" c="dark.4">
                {fill(t.updated, { time: clockOf(p.ward.dataUpdatedAt) })}
              </Text>
            </div>
            <WardGrid ward={w} />
            <WardStays ward={w} />
          </>
        ) : null}
      </Stack>
    </ConsoleFrame>
  );
}

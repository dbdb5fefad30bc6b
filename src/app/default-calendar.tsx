/**
 * /calendar without an id: finds the default calendar's form (the first open form with a
 * reservation item; see routes/calendar.tsx) and replaces the page with /calendar/{that id}.
 * Composed here because it reads two features' queries (the open list and the survey config).
 */
import { Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useSearch } from '@tanstack/react-router';
import { hasReservationItem } from '@core/rules/reservation-value';
import { surveyConfigQuery } from '../features/answer/queries';
import { openSurveysQuery } from '../features/start/queries';
import { ja } from '../messages/ja';
import { LoadError } from '../ui/load-error';
import { LoadingText } from '../ui/loading-text';

export function DefaultCalendar() {
  const queryClient = useQueryClient();
  const search = useSearch({ from: '/calendar' });
  const found = useQuery({
    queryKey: ['calendar', 'default-form'] as const,
    queryFn: async () => {
      const open = (await queryClient.fetchQuery(openSurveysQuery())).data;
      for (const s of open) {
        try {
          const cfg = (await queryClient.fetchQuery(surveyConfigQuery(s.surveyId))).data;
          if (cfg.surveyStatus !== 'disabled' && hasReservationItem(cfg)) return cfg.surveyId;
        } catch {
          // A form that cannot be read now is not the default one.
        }
      }
      return null;
    },
  });
  if (found.isPending) return <LoadingText />;
  if (found.isError) return <LoadError error={found.error} />;
  if (!found.data) return <Text c="dimmed" data-testid="no-calendar-form">{ja.calendar.noCalendarForm}</Text>;
  return <Navigate to="/calendar/$id" params={{ id: found.data }} search={search} replace />;
}

/** The bed screens as route components: params and search read here, the screens take props. */
import { useParams, useSearch } from '@tanstack/react-router';
import { SENT_PARAM } from '../../offline/sent-entry';
import { BedScreen } from './bed-screen';
import { HistoryScreen } from './history-screen';

export function BedReservationRoute() {
  const { id } = useParams({ from: '/bed-reservation/$id' });
  const search = useSearch({ from: '/bed-reservation/$id' });
  const partitionKey = search['partitionKey'] ?? null;
  // A new key per stay: the screen's state starts over when another stay is opened.
  return (
    <BedScreen key={partitionKey ?? ''} surveyId={id} partitionKey={partitionKey} datesOnly={search['dates'] === '1'} sentId={search[SENT_PARAM] ?? null} />
  );
}

export function BedHistoryRoute() {
  const { id } = useParams({ from: '/bed-reservation-list/$id' });
  return <HistoryScreen surveyId={id} />;
}

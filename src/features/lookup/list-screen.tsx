/**
 * /confirmList and /confirmList/$id (spec 01 §2 Confirm list): the search's answers, grouped by
 * reservation date, each card with its answers, 受付番号, status and the buttons answerActions
 * allows. Reading: records marked 取り消し (the old record of a changed answer) stay in the list,
 * dimmed and labelled 取り消し, with no change or cancel button, so the resident sees what became
 * of the answer they changed. The card itself is answer-card.tsx (the member-linked list's too).
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { todayInTokyo } from '@core/ja/date-input';
import { usesPayment } from '@core/rules/permissions';
import { reservationDateHeading, resultsErrorText } from '../../lib/error-text';
import { getSession } from '../../lib/session';
import { ja } from '../../messages/ja';
import { showAlert } from '../../ui/alert';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { ResidentHeader } from '../../ui/resident-header';
import { PaymentLine, usePaymentsOf } from '../../payment/payment-status';
import { answersOf, foreignChatUser, formHasReservation, groupByReservationDate, type LookupAnswer } from './answers';
import { listTitleOf } from './list-title';
import { searchResults } from './queries';
import { saveSearch, saveTarget, type StoredSearch } from './store';
import { useStoredSearch } from './use-lookup';
import { AnswerCard, type CardTarget } from './answer-card';

export function ListScreen() {
  const navigate = useNavigate();
  const { stored, config } = useStoredSearch();
  const session = getSession();
  const [refused, setRefused] = useState(false);

  // Spec 01 §6: results kept in this tab that belong to another chat account are not shown.
  useEffect(() => {
    if (!stored || !session) {
      void navigate({ to: '/confirm', replace: true });
      return;
    }
    if (foreignChatUser(stored.rows, session.profile.userId) || (stored.userId.startsWith('U') && stored.userId !== session.profile.userId)) {
      setRefused(true);
      showAlert(ja.lookup.otherAccount);
      saveSearch({ ...stored, rows: [], userId: session.profile.userId });
      void navigate({ to: '/confirmSearchForm', search: { surveyId: stored.surveyId }, replace: true });
    }
    // Once, on arrival.
  }, []);

  // The stored rows show at once; a fresh search replaces them (a change or cancel since).
  const fresh = useQuery({
    queryKey: ['lookup', 'results', stored?.surveyId, stored?.conditions] as const,
    queryFn: async ({ signal }) => {
      const s = stored as StoredSearch;
      const rows = await searchResults(s.surveyId, s.conditions, signal);
      saveSearch({ ...s, rows });
      return rows;
    },
    enabled: stored !== null && !refused,
    staleTime: 0,
    gcTime: 0,
  });

  const payments = usePaymentsOf(stored?.surveyId ?? '', stored !== null && !refused && config.data !== undefined && usesPayment(config.data));

  if (!stored || refused) return <LoadingText />;
  if (config.isPending) return <LoadingText />;
  if (config.isError) return <LoadError error={config.error} />;

  const cfg = config.data;
  const rows = fresh.data ?? stored.rows;
  const answers = answersOf(cfg, rows);
  const groups = groupByReservationDate(answers);
  const withReservation = formHasReservation(cfg);

  const open = (answer: LookupAnswer, to: CardTarget) => {
    saveTarget({ surveyId: answer.surveyId, partitionKey: answer.partitionKey });
    void navigate({ to });
  };

  return (
    <Stack gap="md">
      {session ? <ResidentHeader profile={session.profile} /> : null}
      <Title order={1} size="h3" data-testid="lookup-list-title">
        {listTitleOf(cfg, answers, todayInTokyo())}
      </Title>
      {fresh.isError ? (
        <Alert color="red" variant="light" role="alert" data-testid="lookup-error">
          {resultsErrorText(fresh.error)}
        </Alert>
      ) : null}
      {groups.length === 0 ? <Text c="dimmed">{ja.lookup.emptyList}</Text> : null}
      {groups.map((group) => (
        <Stack key={group.key} gap="sm" data-testid="answer-group">
          <Title order={2} size="h5">
            {withReservation ? reservationDateHeading(group.date) : ja.display.noReservation}
          </Title>
          {group.answers.map((answer) => (
            <AnswerCard
              key={answer.partitionKey}
              answer={answer}
              config={cfg}
              extra={payments.data?.get(answer.partitionKey) ? <PaymentLine result={payments.data.get(answer.partitionKey)!} /> : null}
              onEdit={() => void navigate({ to: '/survey/$id', params: { id: answer.surveyId }, search: { partitionKey: answer.partitionKey } })}
              onOpen={(to) => open(answer, to)}
            />
          ))}
        </Stack>
      ))}
      <Button variant="default" onClick={() => void navigate({ to: '/confirmSearchForm', search: { surveyId: stored.surveyId } })} data-testid="lookup-back">
        {ja.lookup.backToSearch}
      </Button>
    </Stack>
  );
}

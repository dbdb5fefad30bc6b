/**
 * /member/{id}: the member registration form (LiffMember, spec 02 §2). The member form is drawn by
 * the survey form renderer; a resident who is a member already changes their record. It is sent
 * through the outbox (memberResultsPutItem) with its idempotency key; the number an automatic
 * member number item gets is known only from the server's answer, shown on completion. Once
 * sent, ?sent=<outbox entry id> keeps the completion (and its number) across a reload of the tab.
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { MemberResultRow } from '@core/contract/member';
import { valuesFromRows } from '@core/form/rows';
import { groupedMemberNumber } from '@core/rules/member-number';
import { answerStatusOf, isEnded } from '@core/rules/status';
import { SurveyForm, type SendRequest } from '../../form/survey-form';
import { ApiClientError, isApiClientError } from '../../lib/api-error';
import { getResidentSession } from '../../lib/session';
import { ja } from '../../messages/ja';
import { pageOutbox } from '../../offline/load';
import type { OutboxEntry } from '../../offline/outbox-snapshot';
import { SENT_PARAM, useSentCompletion } from '../../offline/sent-entry';
import { MemberNumberCheckContext } from '../../items/member-number-check';
import { BackToStart } from '../../ui/back-to-start';
import { ErrorCard } from '../../ui/error-card';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { ResidentHeader } from '../../ui/resident-header';
import { memberConfigQuery, memberRecordQuery, numberTaken } from './queries';

/** The refusal an entry carries, as the error the form shows per item. */
const refusalOf = (entry: OutboxEntry): ApiClientError =>
  new ApiClientError({
    status: entry.lastError?.status ?? 400,
    code: entry.lastError?.code ?? 'rejected',
    errorMessage: entry.lastError?.message ?? '',
    issues: entry.lastError?.issues ? [...entry.lastError.issues] : undefined,
    itemIssues: entry.lastError?.itemIssues,
  });

const storedRowsOf = (entry: OutboxEntry): MemberResultRow[] => {
  const data = (entry.answer as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as MemberResultRow[]) : [];
};

const MEMBER_WRITE = ['memberResultsPutItem'];

/** A change of a live record: its rows were sent with the record's partitionKey (see send). */
const changedRecord = (entry: OutboxEntry): boolean => {
  const body = entry.request.body;
  return Array.isArray(body) && body.some((r) => typeof (r as { partitionKey?: unknown }).partitionKey === 'string');
};

export function MemberRegisterScreen() {
  const { id } = useParams({ from: '/member/$id' });
  const search: { survey?: string; [SENT_PARAM]?: string } = useSearch({ strict: false });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const config = useQuery(memberConfigQuery(id));
  const record = useQuery(memberRecordQuery(id));
  const { sent, reading, show } = useSentCompletion(search[SENT_PARAM] || null, id, MEMBER_WRITE);
  const profile = getResidentSession()?.profile;

  const live = useMemo(() => {
    const rows = record.data ?? [];
    return rows.length > 0 && !isEnded(answerStatusOf(rows.map((r) => r.check))) ? rows : null;
  }, [record.data]);
  const numberItem = config.data?.surveySchema.find((i) => i.type === 'memberNumber');
  const original = (numberItem && live?.find((r) => r.itemKey === numberItem.itemKey)?.originalValue) || null;
  const check = useCallback((saiban: string) => numberTaken(id, saiban, original), [id, original]);

  const send = useCallback(
    async ({ rows }: SendRequest) => {
      const outbox = await pageOutbox();
      const partitionKey = live?.[0]?.partitionKey;
      const entry = await outbox.submit({
        endpoint: 'memberResultsPutItem',
        request: { body: rows.map((r) => (partitionKey ? { ...r, partitionKey } : r)) },
        meta: { surveyId: id, title: config.data?.surveyTitle ?? ja.member.title },
      });
      if (entry.status === 'rejected') {
        // The form shows the refusal in place; the entry itself is not left in the queue.
        await outbox.discard(entry.id);
        throw refusalOf(entry);
      }
      return entry;
    },
    [id, live, config.data?.surveyTitle],
  );
  const onSent = (entry: OutboxEntry) => {
    show(entry);
    // The forms for members answer hasMember anew (spec 01 §4), and the record changed.
    void queryClient.invalidateQueries({ queryKey: ['survey-config'] });
    void queryClient.invalidateQueries({ queryKey: ['member'] });
    window.scrollTo(0, 0);
  };

  if (reading || config.isPending || record.isPending) return <LoadingText />;
  // Spec 02 §8: a member form that cannot be found has its own text.
  if (config.isError)
    return isApiClientError(config.error) && config.error.status === 404 ? (
      <Stack gap="md">
        <ErrorCard message={ja.errors.memberSchemaMissing} />
        <BackToStart />
      </Stack>
    ) : (
      <LoadError error={config.error} />
    );
  if (record.isError) return <LoadError error={record.error} />;
  const form = config.data;

  if (sent) {
    const stored = storedRowsOf(sent);
    const number = numberItem ? stored.find((r) => r.itemKey === numberItem.itemKey)?.value : undefined;
    return (
      <Stack gap="md" data-testid="member-done">
        <Title order={1} size="h3">
          {form.surveyTitle}
        </Title>
        {sent.status === 'delivered' ? (
          <>
            <Text>{changedRecord(sent) ? ja.member.updated : ja.member.done}</Text>
            {number ? (
              <Text data-testid="member-number">
                {ja.member.numberLabel}: <strong data-number={number}>{groupedMemberNumber(number)}</strong>
              </Text>
            ) : null}
          </>
        ) : (
          <Alert color="yellow" variant="light">
            {ja.member.waiting}
          </Alert>
        )}
        {search.survey ? (
          <Button onClick={() => void navigate({ to: '/survey/$id', params: { id: search.survey ?? '' } })} data-testid="member-to-survey">
            {ja.member.toSurvey}
          </Button>
        ) : null}
        <Button onClick={() => void navigate({ to: '/member-confirm/$id', params: { id } })} variant="light" data-testid="member-to-confirm">
          {ja.member.toConfirm}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="member-page" data-member-form-id={id}>
      {profile ? <ResidentHeader profile={profile} /> : null}
      <Title order={1} size="h3" data-testid="survey-title">
        {form.surveyTitle}
      </Title>
      {form.description ? <Text className="app-pre-wrap">{form.description}</Text> : null}
      <MemberNumberCheckContext.Provider value={check}>
        <SurveyForm
          key={`${form.version}:${live ? 'edit' : 'new'}`}
          config={form}
          initialValues={live ? valuesFromRows(live) : undefined}
          send={send}
          onSent={onSent}
        />
      </MemberNumberCheckContext.Provider>
    </Stack>
  );
}

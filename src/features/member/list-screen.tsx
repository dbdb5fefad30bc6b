/**
 * /member-confirmList/{id}: the member-linked list (MemberConfirmList, spec 02 §2), titled 会員の予約一覧.
 * The member's record (会員情報), a dropdown of the member form's linked forms (the spec's 連携帳票,
 * named フォーム for residents), and the chosen form's answers of this resident grouped by
 * reservation date (linked.ts), each shown by the card src/app passes in: the lookup's, with its
 * date, time, department and 変更 / キャンセル under the lookup's rules. ?form= picks the form.
 */
import { Alert, Button, Card, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { ResultRow } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { formFieldsOf } from '@core/form/answer-fields';
import { resultsErrorText } from '../../lib/error-text';
import { formatMonthDayWeekday } from '../../lib/ja-dates';
import { getSession } from '../../lib/session';
import { displayOf } from '../../items/display';
import { ja } from '../../messages/ja';
import { BackToStart } from '../../ui/back-to-start';
import { LoadingText } from '../../ui/loading-text';
import { ResidentHeader } from '../../ui/resident-header';
import type { Field } from './linked';
import { useMemberList } from './use-member-list';

/** An answer's card: the lookup's (src/app/member-list.tsx composes the two features). */
export type LinkedCard = ComponentType<{ config: ServedSurveyConfig; rows: readonly ResultRow[]; partitionKey: string; back: string }>;

function Fields({ fields }: { fields: readonly Field[] }) {
  return (
    <Stack gap={4}>
      {fields.map((f) => (
        <div key={f.itemKey}>
          <Text size="sm" c="dimmed">
            {f.title}
          </Text>
          <Text className="app-pre-wrap">{displayOf(f)}</Text>
        </div>
      ))}
    </Stack>
  );
}

const ErrorText = ({ error }: { error: unknown }) => (
  <Alert color="red" variant="light" role="alert" data-testid="member-error">
    {resultsErrorText(error)}
  </Alert>
);

export function MemberListScreen({ AnswerCard }: { AnswerCard: LinkedCard }) {
  const { id } = useParams({ from: '/member-confirmList/$id' });
  const search: { form?: string } = useSearch({ strict: false });
  const navigate = useNavigate();
  const list = useMemberList(id, search.form);
  const session = getSession();
  const { config, record, chosen, groups, results } = list;

  if (list.foreign || config.isPending || (record === null && !list.recordError)) return <LoadingText />;
  if (config.isError) return <ErrorText error={config.error} />;
  if (record === null) return <ErrorText error={list.recordError} />;
  const header = (
    <>
      {session ? <ResidentHeader profile={session.profile} /> : null}
      <Title order={1} size="h3" data-testid="member-list-title">
        {ja.member.listTitle}
      </Title>
    </>
  );
  if (!list.registered)
    return (
      <Stack gap="md" data-testid="member-list">
        {header}
        <Text data-testid="member-not-registered">{ja.member.notMember}</Text>
        <Button renderRoot={(props) => <Link {...props} to="/member/$id" params={{ id }} search={{}} />} data-testid="member-register">
          {ja.member.register}
        </Button>
        <BackToStart />
      </Stack>
    );
  const error = list.linked.error ?? results.error;
  const back = `/member-confirmList/${encodeURIComponent(id)}${chosen ? `?form=${encodeURIComponent(chosen)}` : ''}`;

  return (
    <Stack gap="md" data-testid="member-list">
      {header}
      <Card withBorder padding="md" data-testid="member-info">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {ja.member.info}
          </Title>
          <Fields fields={formFieldsOf(config.data, record)} />
        </Stack>
      </Card>
      {list.linkedIds.length === 0 ? (
        <Text c="dimmed">{ja.member.noLinkedForms}</Text>
      ) : list.linked.isPending ? (
        <LoadingText />
      ) : (
        <NativeSelect
          label={ja.member.linkedForm}
          value={chosen ?? ''}
          onChange={(e) => list.choose(e.currentTarget.value)}
          data={(list.linked.data ?? []).map((c) => ({ value: c.surveyId, label: c.surveyTitle }))}
          data-testid="member-linked-form"
        />
      )}
      {error ? (
        <ErrorText error={error} />
      ) : chosen === null ? null : results.isPending || !groups || !list.chosenConfig ? (
        <LoadingText />
      ) : groups.length === 0 ? (
        <Text data-testid="member-linked-empty">{ja.member.linkedEmpty}</Text>
      ) : (
        groups.map((group) => (
          <Stack key={group.key} gap="xs" data-testid="member-linked-group" data-date={group.key}>
            <Title order={2} size="h5">
              {group.date ? formatMonthDayWeekday(group.date) : ja.display.noReservation}
            </Title>
            {group.answers.map((a) => (
              <div key={a.partitionKey} data-testid="member-linked-answer">
                <AnswerCard config={list.chosenConfig!} rows={results.data ?? []} partitionKey={a.partitionKey} back={back} />
              </div>
            ))}
          </Stack>
        ))
      )}
      {list.searched ? (
        <Button variant="subtle" onClick={() => void navigate({ to: '/member-confirm/$id', params: { id } })} data-testid="member-back">
          {ja.member.backToSearch}
        </Button>
      ) : (
        <BackToStart />
      )}
    </Stack>
  );
}

/**
 * /member-confirmList/{id}: the member-linked list (MemberConfirmList, spec 02 §2). The member's
 * record found by the search (会員情報), a 連携帳票 dropdown of the member form's linked forms,
 * and the chosen form's answers of this resident grouped by reservation date (linked.ts). Rows of
 * another chat account (user ids starting with U) are refused with an alert (spec 02 §6).
 */
import { Alert, Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { CANCELLED_TIME_LABEL } from '@core/rules/status';
import { resultsErrorText } from '../../lib/error-text';
import { formatMonthDayWeekday } from '../../lib/ja-dates';
import { getSession } from '../../lib/session';
import { displayOf } from '../../items/display';
import { ja } from '../../messages/ja';
import { showAlert } from '../../ui/alert';
import { LoadingText } from '../../ui/loading-text';
import { ResidentHeader } from '../../ui/resident-header';
import { formFieldsOf } from '@core/form/answer-fields';
import { groupLinked, linkedAnswersOf, type Field } from './linked';
import { linkedConfigsQuery, linkedResultsQuery, memberConfigQuery } from './queries';
import { loadMember } from './store';

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

export function MemberListScreen() {
  const { id } = useParams({ from: '/member-confirmList/$id' });
  const navigate = useNavigate();
  const stored = useMemo(() => loadMember(id), [id]);
  const session = getSession();
  const userId = session?.profile.userId ?? '';
  const foreign = stored !== null && stored.rows.some((r) => r.userId.startsWith('U') && r.userId !== userId);
  const config = useQuery(memberConfigQuery(id));
  const linkedIds = config.data?.linkedForms ?? [];
  const linked = useQuery({ ...linkedConfigsQuery(linkedIds), enabled: linkedIds.length > 0 });
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? linked.data?.[0]?.surveyId ?? null;
  const results = useQuery({ ...linkedResultsQuery(chosen ?? ''), enabled: chosen !== null });

  useEffect(() => {
    if (stored === null) void navigate({ to: '/member-confirm/$id', params: { id }, replace: true });
    else if (foreign) {
      showAlert(ja.lookup.otherAccount);
      void navigate({ to: '/member-confirm/$id', params: { id }, replace: true });
    }
  }, [stored, foreign, id, navigate]);

  const chosenConfig = linked.data?.find((c) => c.surveyId === chosen);
  const groups = useMemo(
    () => (chosenConfig && results.data ? groupLinked(linkedAnswersOf(chosenConfig, results.data)) : null),
    [chosenConfig, results.data],
  );

  if (stored === null || foreign || config.isPending) return <LoadingText />;
  if (config.isError)
    return (
      <Alert color="red" variant="light" role="alert" data-testid="member-error">
        {resultsErrorText(config.error)}
      </Alert>
    );
  const info = formFieldsOf(config.data, stored.rows);
  const error = linked.error ?? results.error;

  return (
    <Stack gap="md" data-testid="member-list">
      {session ? <ResidentHeader profile={session.profile} /> : null}
      <Title order={1} size="h3">
        {config.data.surveyTitle}
      </Title>
      <Card withBorder padding="md" data-testid="member-info">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {ja.member.info}
          </Title>
          <Fields fields={info} />
        </Stack>
      </Card>
      {linkedIds.length === 0 ? (
        <Text c="dimmed">{ja.member.noLinkedForms}</Text>
      ) : linked.isPending ? (
        <LoadingText />
      ) : (
        <NativeSelect
          label={ja.member.linkedForm}
          value={chosen ?? ''}
          onChange={(e) => setPicked(e.currentTarget.value)}
          data={(linked.data ?? []).map((c) => ({ value: c.surveyId, label: c.surveyTitle }))}
          data-testid="member-linked-form"
        />
      )}
      {error ? (
        <Alert color="red" variant="light" role="alert" data-testid="member-error">
          {resultsErrorText(error)}
        </Alert>
      ) : chosen === null ? null : results.isPending || !groups ? (
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
              <Card key={a.partitionKey} withBorder padding="sm" data-testid="member-linked-answer">
                <Stack gap={4}>
                  <Group gap="xs">
                    {a.answerCode ? (
                      <Text size="sm">
                        {ja.lookup.answerCode}: {a.answerCode}
                      </Text>
                    ) : null}
                    {a.check === 'キャンセル' ? <Badge color="red">{CANCELLED_TIME_LABEL}</Badge> : null}
                  </Group>
                  <Fields fields={a.fields} />
                </Stack>
              </Card>
            ))}
          </Stack>
        ))
      )}
      <Button variant="subtle" onClick={() => void navigate({ to: '/member-confirm/$id', params: { id } })} data-testid="member-back">
        {ja.member.backToSearch}
      </Button>
    </Stack>
  );
}

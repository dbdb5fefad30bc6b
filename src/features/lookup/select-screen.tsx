/**
 * /confirm and /confirm/$id (spec 01 §2 Survey selection): pick the survey to look up. Besides the
 * searchable surveys the list holds the forms for members (issue 54: "the lookup includes
 * member-linked forms"); a member's answers to those are looked up in the member's list (spec 02
 * §2 member-linked list), so choosing one goes there instead of to a search form.
 */
import { Button, NativeSelect, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getSession } from '../../lib/session';
import { ja } from '../../messages/ja';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { ResidentHeader } from '../../ui/resident-header';
import { memberLinkedFormsQuery, searchableSurveysQuery } from './queries';

interface Choice {
  surveyId: string;
  surveyTitle: string;
  /** Set for a form for members: looked up in this member form's list. */
  memberFormId?: string;
}

export function SelectScreen() {
  const params: { id?: string } = useParams({ strict: false });
  const query = useQuery(searchableSurveysQuery());
  // Not reading them (offline, an older server) leaves the searchable surveys alone.
  const linked = useQuery(memberLinkedFormsQuery());
  const navigate = useNavigate();
  const [chosen, setChosen] = useState('');
  const profile = getSession()?.profile;

  const choices: Choice[] | undefined =
    query.data && !linked.isPending
      ? [...query.data, ...(linked.data ?? []).filter((f) => !query.data.some((s) => s.surveyId === f.surveyId))]
      : undefined;
  const go = (choice: Choice, replace = false) =>
    choice.memberFormId
      ? navigate({ to: '/member-confirmList/$id', params: { id: choice.memberFormId }, search: { form: choice.surveyId }, replace })
      : navigate({ to: '/confirmSearchForm', search: { surveyId: choice.surveyId }, replace });
  // Straight on when there is nothing to choose: one survey, or the one the path names.
  const straight = choices ? (choices.length === 1 ? choices[0] : choices.find((s) => s.surveyId === params.id)) : undefined;
  useEffect(() => {
    if (straight) void go(straight, true);
    // go is made anew each render; straight decides.
  }, [straight?.surveyId]);

  if (query.isError) return <LoadError error={query.error} />;
  if (!choices || straight) return <LoadingText />;

  const picked = choices.find((c) => c.surveyId === chosen);
  return (
    <Stack gap="md">
      {profile ? <ResidentHeader profile={profile} /> : null}
      <Title order={1} size="h3">
        {ja.lookup.surveyType}
      </Title>
      <NativeSelect
        label={ja.lookup.surveyType}
        value={chosen}
        onChange={(e) => setChosen(e.currentTarget.value)}
        data={[{ value: '', label: ja.items.selectPlaceholder }, ...choices.map((s) => ({ value: s.surveyId, label: s.surveyTitle }))]}
        data-testid="survey-type"
        description={choices.length === 0 ? ja.lookup.noSearchable : undefined}
      />
      <Button disabled={!picked} onClick={() => picked && void go(picked)} data-testid="lookup-next">
        {ja.lookup.next}
      </Button>
    </Stack>
  );
}

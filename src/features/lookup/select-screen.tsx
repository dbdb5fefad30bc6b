/** /confirm and /confirm/$id (spec 01 §2 Survey selection): pick the searchable survey to look up. */
import { Button, NativeSelect, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getSession } from '../../lib/session';
import { ja } from '../../messages/ja';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { ResidentHeader } from '../../ui/resident-header';
import { searchableSurveysQuery } from './queries';

export function SelectScreen() {
  const params: { id?: string } = useParams({ strict: false });
  const query = useQuery(searchableSurveysQuery());
  const navigate = useNavigate();
  const [chosen, setChosen] = useState('');
  const profile = getSession()?.profile;

  const surveys = query.data;
  // Straight on when there is nothing to choose: one searchable survey, or the one the path names.
  const straight = surveys ? (surveys.length === 1 ? surveys[0]?.surveyId : surveys.find((s) => s.surveyId === params.id)?.surveyId) : undefined;
  useEffect(() => {
    if (straight) void navigate({ to: '/confirmSearchForm', search: { surveyId: straight }, replace: true });
  }, [straight, navigate]);

  if (query.isPending || straight) return <LoadingText />;
  if (query.isError) return <LoadError error={query.error} />;

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
        data={[{ value: '', label: ja.items.selectPlaceholder }, ...query.data.map((s) => ({ value: s.surveyId, label: s.surveyTitle }))]}
        data-testid="survey-type"
        description={query.data.length === 0 ? ja.lookup.noSearchable : undefined}
      />
      <Button
        disabled={chosen === ''}
        onClick={() => void navigate({ to: '/confirmSearchForm', search: { surveyId: chosen } })}
        data-testid="lookup-next"
      >
        {ja.lookup.next}
      </Button>
    </Stack>
  );
}

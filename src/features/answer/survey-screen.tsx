import { Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getSession } from '../../lib/session';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { ResidentHeader } from '../../ui/resident-header';
import { surveyConfigQuery } from './queries';
import { SurveyItemList } from './survey-item-list';

export function SurveyScreen({ surveyId }: { surveyId: string }) {
  const query = useQuery(surveyConfigQuery(surveyId));
  // The route guard let us in with a valid session; read it once for the header.
  const profile = getSession()?.profile;

  if (query.isPending) return <LoadingText />;
  if (query.isError) return <LoadError error={query.error} />;

  const config = query.data;
  return (
    <Stack gap="md">
      {profile ? <ResidentHeader profile={profile} /> : null}
      {config.headerImageUrl ? <Image src={config.headerImageUrl} alt="" radius="md" /> : null}
      <Title order={1} size="h3" data-testid="survey-title">
        {config.surveyTitle}
      </Title>
      {config.description ? <Text className="app-pre-wrap">{config.description}</Text> : null}
      <SurveyItemList items={config.surveySchema} />
    </Stack>
  );
}

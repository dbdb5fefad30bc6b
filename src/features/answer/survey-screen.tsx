import { Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { LinkifiedText } from '../../form/linkify';
import { SurveyForm } from '../../form/survey-form';
import { getSession } from '../../lib/session';
import { ja } from '../../messages/ja';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { ResidentHeader } from '../../ui/resident-header';
import { Completion } from './completion';
import { surveyConfigQuery } from './queries';
import { sendAnswer, type SentAnswer } from './send';

export interface SurveyScreenProps {
  surveyId: string;
  /** The page's query parameters: items prefill from those their queryParam1/2/3 name. */
  search?: Readonly<Record<string, string>>;
}

/** The /survey/$id route's screen (the route loads this module lazily). */
export function SurveyRoute() {
  const { id } = useParams({ from: '/survey/$id' });
  const search = useSearch({ from: '/survey/$id' });
  return <SurveyScreen surveyId={id} search={search} />;
}

export function SurveyScreen({ surveyId, search }: SurveyScreenProps) {
  const query = useQuery(surveyConfigQuery(surveyId));
  const [sent, setSent] = useState<SentAnswer | null>(null);
  // The route guard let us in with a valid session; read it once for the header.
  const profile = getSession()?.profile;
  const showCompletion = (answer: SentAnswer) => {
    setSent(answer);
    // The send button was at the bottom of a long page; the end message is at the top.
    window.scrollTo(0, 0);
  };

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
      {sent ? (
        <Completion config={config} answerCode={sent.answerCode} />
      ) : (
        <>
          {config.description ? (
            <Text className="app-pre-wrap" data-testid="survey-description">
              <LinkifiedText text={config.description} />
            </Text>
          ) : null}
          {config.surveySchema.length === 0 ? (
            <Text c="dimmed">{ja.survey.noItems}</Text>
          ) : (
            // A new config version is a new form: start it afresh rather than mix two plans.
            <SurveyForm key={config.version} config={config} search={search} send={sendAnswer} onSent={showCompletion} />
          )}
        </>
      )}
    </Stack>
  );
}

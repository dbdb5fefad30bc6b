import { Image, Text, Title } from '@mantine/core';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { LinkifiedText } from '../../form/linkify';

/**
 * A form's header image and title: on the survey screen, and on the server's form page
 * (src/ssr/render-page.tsx) before the app runs.
 */
export function SurveyHeading({ config }: { config: Pick<ServedSurveyConfig, 'headerImageUrl' | 'surveyTitle'> }) {
  return (
    <>
      {config.headerImageUrl ? <Image src={config.headerImageUrl} alt="" radius="md" /> : null}
      <Title order={1} size="h3" data-testid="survey-title">
        {config.surveyTitle}
      </Title>
    </>
  );
}

/** The form's description, its links made clickable. */
export function SurveyDescription({ text }: { text: string | undefined }) {
  return text ? (
    <Text className="app-pre-wrap" data-testid="survey-description">
      <LinkifiedText text={text} />
    </Text>
  ) : null;
}

/**
 * The end of a survey (spec 01 §1, §2): the form's end-of-survey message (a string, or text and
 * image parts) or the default text, and the answer code as 受付番号 when the form shows it.
 */
import { Alert, Card, Image, Stack, Text, Title } from '@mantine/core';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { LinkifiedText } from '../../form/linkify';
import { ja } from '../../messages/ja';

/** Operators' image URLs: web addresses only (no data: or javascript: in an img src). */
const imageSrc = (url: string): string | undefined => (/^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url) ? url : undefined);

export type Delivery = 'delivered' | 'waiting' | 'needs-auth';

export interface CompletionProps {
  config: ServedSurveyConfig;
  answerCode: string | null;
  /** Whether the server has the answer, or it waits in the outbox on this device. */
  delivery?: Delivery;
}

export function Completion({ config, answerCode, delivery = 'delivered' }: CompletionProps) {
  if (delivery !== 'delivered') {
    // Said plainly: the answer is on this phone, not yet at the office.
    return (
      <Alert color="yellow" variant="light" role="status" data-testid="survey-queued" data-delivery={delivery}>
        <Stack gap="xs">
          <Text className="app-pre-wrap">{ja.offline.savedOffline}</Text>
          {delivery === 'needs-auth' ? <Text size="sm">{ja.offline.needsAuth}</Text> : null}
        </Stack>
      </Alert>
    );
  }
  const message = config.endOfSurveyMessage;
  const parts = typeof message === 'string' ? (message.trim() ? [{ type: 'text' as const, text: message }] : []) : (message ?? []);
  const showCode = config.isDisplayAnswerCode?.value === true && answerCode;
  return (
    <Stack gap="sm">
      <CompletionCard parts={parts} showCode={showCode ? answerCode : null} />
      {/* spec 01 §8 completion notice: going back in the browser may stop the change midway. */}
      <Text size="sm" c="dimmed" className="app-pre-wrap" data-testid="completion-notice">
        {ja.errors.completionNotice}
      </Text>
    </Stack>
  );
}

type Part = Exclude<ServedSurveyConfig['endOfSurveyMessage'], string | undefined>[number];

function CompletionCard({ parts, showCode }: { parts: readonly Part[]; showCode: string | null }) {
  const answerCode = showCode;
  return (
    <Card withBorder padding="lg" data-testid="survey-complete" role="status">
      <Stack gap="md">
        {parts.length === 0 ? (
          <Text className="app-pre-wrap">{ja.form.doneDefault}</Text>
        ) : (
          parts.map((part, i) =>
            part.type === 'text' ? (
              <Text key={i} className="app-pre-wrap">
                <LinkifiedText text={part.text} />
              </Text>
            ) : imageSrc(part.originalContentUrl) ? (
              <Image key={i} src={imageSrc(part.originalContentUrl)} alt="" radius="md" />
            ) : null,
          )
        )}
        {showCode ? (
          <Stack gap={4} align="center" data-testid="answer-code">
            <Title order={2} size="h5">
              {ja.form.answerCode}
            </Title>
            <Text fw={700} size="xl">
              {answerCode}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

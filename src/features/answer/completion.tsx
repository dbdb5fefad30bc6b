/**
 * The end of a survey (spec 01 §1, §2): the form's end-of-survey message (a string, or text and
 * image parts) or the default text, and the answer code as 受付番号 when the form shows it.
 */
import { Alert, Button, Card, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { isSearchableSurvey, type ServedSurveyConfig } from '@core/form/survey-config';
import { LinkifiedText } from '../../form/linkify';
import { useFeature } from '../../lib/features';
import { fill } from '../../messages/fill';
import { ja } from '../../messages/ja';
import { pageOutbox } from '../../offline/load';
import { SignInButton } from '../../ui/sign-in-again';
import type { Delivery } from './delivery';
import { KioskCompletion } from './kiosk-completion';
import { ReservedList, type Reserved } from './reserved';

/** Operators' image URLs: web addresses only (no data: or javascript: in an img src). */
const imageSrc = (url: string): string | undefined => (/^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url) ? url : undefined);

export interface CompletionProps {
  config: ServedSurveyConfig;
  answerCode: string | null;
  /** The changed answer's 受付番号 when this answer is a change that issued a new one. */
  replacedCode?: string | null;
  /** Whether the server has the answer, or it waits in the outbox on this device. */
  delivery?: Delivery;
  /** On a kiosk tablet: the 受付番号 large, and 次の方へ. */
  kiosk?: boolean;
  /** The reservations the answer holds, shown with their categories, item, date and time. */
  reserved?: readonly Reserved[];
  /** The answer changed a stored one: only then the notice about closing the browser (spec 01 §8). */
  changed?: boolean;
}

export function Completion({ config, answerCode, replacedCode = null, delivery = 'delivered', kiosk = false, reserved = [], changed = false }: CompletionProps) {
  if (kiosk) return <KioskCompletion answerCode={answerCode} delivery={delivery} reserved={reserved} />;
  if (delivery !== 'delivered') {
    // Said plainly: the answer is on this phone, not yet at the office.
    return (
      <Stack gap="sm">
      <Alert color="yellow" variant="light" role="status" data-testid="survey-queued" data-delivery={delivery}>
        <Stack gap="xs">
          {/* A stalled answer is no longer sent on its own: its own text says so. */}
          {delivery === 'stalled' ? null : <Text className="app-pre-wrap">{ja.offline.savedOffline}</Text>}
          {delivery === 'needs-auth' ? (
            <>
              <Text size="sm">{ja.offline.needsAuth}</Text>
              <SignInButton />
            </>
          ) : null}
          {delivery === 'stalled' ? (
            <>
              <Text size="sm">{ja.offline.stalled}</Text>
              <Button variant="light" onClick={() => void pageOutbox().then((o) => o.retryNow())} data-testid="completion-resend">
                {ja.offline.resend}
              </Button>
            </>
          ) : null}
        </Stack>
      </Alert>
      <ReservedList reserved={reserved} />
      </Stack>
    );
  }
  const message = config.endOfSurveyMessage;
  const parts = typeof message === 'string' ? (message.trim() ? [{ type: 'text' as const, text: message }] : []) : (message ?? []);
  const showCode = config.isDisplayAnswerCode?.value === true && answerCode;
  return (
    <Stack gap="sm">
      <CompletionCard
        parts={parts}
        showCode={showCode ? answerCode : null}
        replacedCode={showCode && replacedCode && replacedCode !== answerCode ? replacedCode : null}
      />
      <ReservedList reserved={reserved} />
      {/* spec 01 §2 lookup: what was just sent can be looked up, changed or cancelled from here;
          only a form with a searchable item is in the lookup's list, so only it offers the way. */}
      {isSearchableSurvey(config) ? (
        <Button variant="default" renderRoot={(props) => <Link {...props} to="/confirm" />} data-testid="completion-lookup">
          {ja.lookup.entry}
        </Button>
      ) : null}
      {config.memberFormId ? <MemberListLink memberFormId={config.memberFormId} surveyId={config.surveyId} /> : null}
      {/* spec 01 §8 completion notice: going back in the browser may stop the change midway;
          said after a change only (issue 54), as a first answer has nothing midway. */}
      {changed ? (
        <Text size="sm" c="dimmed" className="app-pre-wrap" data-testid="completion-notice">
          {ja.errors.completionNotice}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * A form for members (spec 01 §4): the member's list of bookings, this form's first (issue 54),
 * where the booking just made can be changed or cancelled. Not while members are switched off.
 */
function MemberListLink({ memberFormId, surveyId }: { memberFormId: string; surveyId: string }) {
  if (useFeature('members') === false) return null;
  return (
    <Button
      variant="default"
      renderRoot={(props) => <Link {...props} to="/member-confirmList/$id" params={{ id: memberFormId }} search={{ form: surveyId }} />}
      data-testid="completion-member-list"
    >
      {ja.member.toList}
    </Button>
  );
}

type Part = Exclude<ServedSurveyConfig['endOfSurveyMessage'], string | undefined>[number];

interface CompletionCardProps {
  parts: readonly Part[];
  showCode: string | null;
  replacedCode: string | null;
}

function CompletionCard({ parts, showCode, replacedCode }: CompletionCardProps) {
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
        {answerCode && replacedCode ? (
          <Stack gap={2} align="center" data-testid="answer-code-changed">
            <Text size="sm" ta="center">
              {ja.form.answerCodeChanged}
            </Text>
            <Text size="sm" c="dimmed" data-testid="previous-answer-code">
              {fill(ja.form.previousAnswerCode, { code: replacedCode })}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * What the cancel page shows once there is nothing left to cancel: the completion just after a
 * cancel, or, when the page is reopened (a reload inside LINE) or the server answers that the
 * answer is already over, the answer as it stands with a plain notice and no キャンセルする.
 */
import { Alert, Stack, Text } from '@mantine/core';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { hasReservationItem } from '@core/rules/reservation-value';
import { statusRefusal, type CheckStatus } from '@core/rules/status';
import { getSession } from '../../lib/session';
import { ja } from '../../messages/ja';
import { ResidentHeader } from '../../ui/resident-header';
import type { LookupAnswer } from './answers';
import { BackToList } from './back-to-list';
import { useReservationLines } from './reservation';
import { CurrentInfo } from './view';

/** The notice for an answer whose status refuses a cancel (キャンセル, NG, 取り消し), or null. */
export const endedNoticeOf = (check: CheckStatus): string | null => {
  if (statusRefusal(check, 'cancel') === null) return null;
  return check === '取り消し' ? ja.lookup.amendedNoCancel : ja.lookup.alreadyCancelled;
};

/** The completion names what was cancelled, when the page still has the answer. */
export function CancelDone({ config, answer }: { config: ServedSurveyConfig; answer?: LookupAnswer | null | undefined }) {
  const profile = getSession()?.profile;
  return (
    <Stack gap="md">
      {profile ? <ResidentHeader profile={profile} /> : null}
      <Alert color="green" variant="light" role="status" data-testid="cancel-done">
        <Text className="app-pre-wrap">{config.endOfSurveyMessageCancel?.trim() || ja.lookup.cancelDone}</Text>
      </Alert>
      {answer ? <CancelledWhat answer={answer} config={config} /> : null}
      <BackToList />
    </Stack>
  );
}

/** The form's title, the 受付番号 and, for a reservation, its date and time. */
function CancelledWhat({ answer, config }: { answer: LookupAnswer; config: ServedSurveyConfig }) {
  return (
    <dl className="lookup-fields" data-testid="cancelled-what">
      <div>
        <dt>{ja.lookup.cancelledWhat}</dt>
        <dd data-testid="cancelled-title">{config.surveyTitle}</dd>
      </div>
      {answer.answerCode ? (
        <div>
          <dt>{ja.lookup.answerCode}</dt>
          <dd data-testid="cancelled-answer-code">{answer.answerCode}</dd>
        </div>
      ) : null}
      {hasReservationItem(config) ? <CancelledSlot answer={answer} config={config} /> : null}
    </dl>
  );
}

function CancelledSlot({ answer, config }: { answer: LookupAnswer; config: ServedSurveyConfig }) {
  const lines = useReservationLines(config, answer);
  return (
    <>
      <div>
        <dt>{ja.lookup.reservationDate}</dt>
        <dd data-testid="cancelled-date">{lines.date}</dd>
      </div>
      <div>
        <dt>{lines.timeLabel}</dt>
        <dd data-testid="cancelled-time">{lines.time}</dd>
      </div>
    </>
  );
}

/** The answer is already over: shown as it stands (its time struck, キャンセル済) and said plainly. */
export function AlreadyEnded({ answer, config, notice }: { answer: LookupAnswer; config: ServedSurveyConfig; notice: string }) {
  return (
    <Stack gap="md" data-testid="cancel-ended">
      <CurrentInfo answer={answer} config={config} />
      <Alert color="gray" variant="light" role="status" data-testid="cancel-ended-notice">
        <Text>{notice}</Text>
      </Alert>
      <BackToList />
    </Stack>
  );
}

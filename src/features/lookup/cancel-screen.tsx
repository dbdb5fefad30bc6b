/**
 * /cancelConfirm and /cancelConfirm/$id (spec 01 §2 Cancel confirm): the picked answer, キャンセルする
 * and 戻る, the dialog キャンセルしますか, then the form's cancel message or the default. The cancel
 * goes through the API client, which gives the call an Idempotency-Key (a retried cancel is done once).
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { surveyResultsCancelItem } from '@core/contract/survey';
import { todayInTokyo } from '@core/rules/cancel-deadline';
import { answerActions } from '@core/rules/permissions';
import { useDeadlinePassed } from '../../calendar/deadline';
import { call, unwrap } from '../../lib/api';
import { cancelErrorText } from '../../lib/error-text';
import { getSession } from '../../lib/session';
import { ja } from '../../messages/ja';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { ResidentHeader } from '../../ui/resident-header';
import { reservationOf } from './reservation';
import { saveSearch } from './store';
import { storedAnswer } from './target';
import { useStoredSearch } from './use-lookup';
import { CurrentInfo } from './view';

export function CancelScreen() {
  const navigate = useNavigate();
  const { stored, config } = useStoredSearch();
  const [dialog, setDialog] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const answer = config.data ? storedAnswer(config.data, stored) : null;
  // The calendar's own limit and days off, as the server reads them (spec 01 §4).
  const raw = config.data && answer ? (reservationOf(config.data, answer)?.raw ?? '') : '';
  const deadlinePassed = useDeadlinePassed(raw, todayInTokyo(), raw !== '' && !done) === true;
  const missing = !done && (!stored || (config.isSuccess && !answer));
  useEffect(() => {
    if (missing) void navigate({ to: '/confirm', replace: true });
  }, [missing, navigate]);

  if (missing || config.isPending) return <LoadingText />;
  if (config.isError) return <LoadError error={config.error} />;
  const cfg = config.data;
  const profile = getSession()?.profile;

  if (done || !answer || !stored) {
    return (
      <Stack gap="md">
        {profile ? <ResidentHeader profile={profile} /> : null}
        <Alert color="green" variant="light" role="status" data-testid="cancel-done">
          <Text className="app-pre-wrap">{cfg.endOfSurveyMessageCancel?.trim() || ja.lookup.cancelDone}</Text>
        </Alert>
        <Button variant="default" onClick={() => void navigate({ to: '/confirmList' })} data-testid="back-to-list">
          {ja.lookup.backToList}
        </Button>
      </Stack>
    );
  }

  const cancel = async () => {
    if (busy) return;
    setError(null);
    // What the server would refuse, said before the call.
    const actions = answerActions(cfg, { check: answer.check, userId: answer.userId }, 'user');
    if (!actions.canCancel) {
      setDialog(false);
      setError(actions.cancelReasonKey === 'cancelNotAllowed' || actions.cancelReasonKey === 'paymentCancelUnavailable' ? ja.errors.cancelUnavailable : ja.errors.cancelDefault);
      return;
    }
    if (deadlinePassed) {
      setDialog(false);
      setError(ja.errors.cancelDeadlinePassed);
      return;
    }
    setBusy(true);
    try {
      const result = unwrap(await call(surveyResultsCancelItem, { body: { surveyId: answer.surveyId, partitionKey: answer.partitionKey } }));
      saveSearch({
        ...stored,
        rows: stored.rows.map((r) => (r.partitionKey === result.partitionKey ? { ...r, check: result.check } : r)),
      });
      setDialog(false);
      setDone(true);
      window.scrollTo(0, 0);
    } catch (e) {
      setDialog(false);
      setError(cancelErrorText(e, { onCancelPage: true }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="cancel-confirm">
      <CurrentInfo answer={answer} config={config.data} />
      {error || deadlinePassed ? (
        <Alert color="red" variant="light" role="alert" data-testid="cancel-error">
          <Text className="app-pre-wrap">{error ?? ja.errors.cancelDeadlinePassed}</Text>
        </Alert>
      ) : null}
      <Group grow>
        {/* Past the deadline the server refuses: no button to a refusal, the text says why. */}
        {deadlinePassed ? null : (
          <Button color="red" onClick={() => setDialog(true)} data-testid="cancel-submit">
            {ja.lookup.cancelSubmit}
          </Button>
        )}
        <Button variant="default" onClick={() => void navigate({ to: '/confirmList' })} data-testid="cancel-back">
          {ja.lookup.back}
        </Button>
      </Group>
      <Modal
        opened={dialog}
        onClose={() => {
          if (!busy) setDialog(false);
        }}
        title={ja.lookup.cancelDialogTitle}
        centered
        withCloseButton={!busy}
        data-testid="cancel-dialog"
      >
        <Group grow>
          <Button color="red" loading={busy} onClick={() => void cancel()} data-testid="cancel-dialog-confirm">
            {ja.lookup.dialogCancel}
          </Button>
          <Button variant="default" disabled={busy} onClick={() => setDialog(false)} data-testid="cancel-dialog-close">
            {ja.lookup.dialogClose}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

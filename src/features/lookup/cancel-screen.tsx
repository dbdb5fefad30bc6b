/**
 * /cancelConfirm and /cancelConfirm/$id (spec 01 §2 Cancel confirm): the picked answer, キャンセルする
 * and 戻る, the dialog キャンセルしますか, then the form's cancel message or the default. The cancel
 * goes through the API client, which gives the call an Idempotency-Key (a retried cancel is done once).
 * An answer already over (a reload after the cancel, or the server's 409 already_cancelled) shows
 * as such, with no キャンセルする (cancel-outcome.tsx).
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { surveyResultsCancelItem } from '@core/contract/survey';
import { todayInTokyo } from '@core/rules/cancel-deadline';
import { answerActions } from '@core/rules/permissions';
import { ALREADY_CANCELLED_CODE } from '@core/rules/status';
import { useDeadlinePassed } from '../../calendar/deadline';
import { call, unwrap } from '../../lib/api';
import { isApiClientError } from '../../lib/api-error';
import { cancelErrorText } from '../../lib/error-text';
import { ja } from '../../messages/ja';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { BackToList } from './back-to-list';
import { AlreadyEnded, CancelDone, endedNoticeOf } from './cancel-outcome';
import { searchResults } from './queries';
import { reservationOf } from './reservation';
import { saveSearch, type StoredSearch } from './store';
import { storedAnswer } from './target';
import { useStoredSearch } from './use-lookup';
import { CurrentInfo } from './view';

/** Best effort: the rows as the server now has them, so the page (and a reload) shows the real status. */
const refreshRows = async (stored: StoredSearch): Promise<void> => {
  try {
    saveSearch({ ...stored, rows: await searchResults(stored.surveyId, stored.conditions) });
  } catch {
    // The notice shows all the same; the list refetches the rows when it opens.
  }
};

export function CancelScreen() {
  const navigate = useNavigate();
  const { stored, config } = useStoredSearch();
  const [dialog, setDialog] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [refusedAsEnded, setRefusedAsEnded] = useState(false);
  const answer = config.data ? storedAnswer(config.data, stored) : null;
  const endedNotice = answer ? (endedNoticeOf(answer.check) ?? (refusedAsEnded ? ja.lookup.alreadyCancelled : null)) : null;
  // The calendar's own limit and days off, as the server reads them (spec 01 §4).
  const raw = config.data && answer ? (reservationOf(config.data, answer)?.raw ?? '') : '';
  const deadlinePassed = useDeadlinePassed(raw, todayInTokyo(), raw !== '' && !done && endedNotice === null) === true;
  const missing = !done && (!stored || (config.isSuccess && !answer));
  useEffect(() => {
    if (missing) void navigate({ to: '/confirm', replace: true });
  }, [missing, navigate]);

  if (missing || config.isPending) return <LoadingText />;
  if (config.isError) return <LoadError error={config.error} />;
  const cfg = config.data;

  if (done || !answer || !stored) return <CancelDone config={cfg} answer={answer} />;
  if (endedNotice) return <AlreadyEnded answer={answer} config={cfg} notice={endedNotice} />;

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
      if (isApiClientError(e) && e.code === ALREADY_CANCELLED_CODE) {
        await refreshRows(stored);
        setRefusedAsEnded(true);
      } else setError(cancelErrorText(e, { onCancelPage: true }));
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
        <BackToList testId="cancel-back" label={ja.lookup.back} />
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

import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useCanGoBack, useNavigate, useParams, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { BED_SURVEY_TYPE } from '@core/form/survey-config';
import type { FormValue } from '@core/items/define';
import { usesPayment } from '@core/rules/permissions';
import { SCHEDULE_KEY } from '../../calendar/keys';
import { SurveyFormOrIsland } from '../../ssr/island-holder';
import { useItemTypes } from '../../form/use-item-types';
import { ErrorCard } from '../../ui/error-card';
import { isKioskDevice } from '../../lib/kiosk';
import { getResidentSession, getStoredUserId } from '../../lib/session';
import { afterFirstScreen } from '../../lib/first-screen';
import { laterComponent } from '../../lib/later-component';
import { preloadLater, useLater } from '../../lib/use-later';
import { ja } from '../../messages/ja';
import { createDraftSaver } from '../../offline/drafts';
import type { OutboxEntry } from '../../offline/outbox-snapshot';
import { SENT_PARAM, sentRowsOf, useSentEntry } from '../../offline/sent-entry';
import { useOutbox } from '../../offline/use-outbox';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { ResidentHeader } from '../../ui/resident-header';
import { MessageLines } from '../../ui/message-lines';
import { ClosedForm, closedBeforeSignIn } from './closed-form';
import { KioskHomeButton } from './kiosk-home';
import { kioskDescription } from './kiosk-texts';
import type { Delivery } from './delivery';
import { configForFields, editedAnswerOf, type EditedAnswer } from './edit';
import { editedAnswerQuery, surveyConfigQuery } from './queries';
import { useEditDeadlinePassed } from './deadline';
import { useRestored } from './restore';
import { reservedOf } from './reserved';
import type { AnswerTarget } from './send';
import { useAnswerSend } from './use-send';
import { sendAsOffice, useAdminMode } from './admin-mode';
import { AdminGate, asksAdmin } from './admin-gate';
import type { SendRequest } from '../../form/survey-form';
import { WithWayBack } from './way-back';
import { SurveyDescription, SurveyHeading } from './survey-heading';

// Shown after a send, not on the first screen: its chunk is fetched once that screen is usable,
// with the offline layer the send needs anyway (lib/first-screen.ts), so it is here by then.
const loadCompletion = () => import('./completion');
// Payment forms only: the payment contract and order rules stay out of the first screen's code.
const PendingPayments = laterComponent(() => import('../../payment/pending-order').then((m) => m.PendingPayments));
// Only above an answer opened for a change, which the lookup opens: not on a form's first screen.
const EditNotice = laterComponent(() => import('./edit-notice').then((m) => m.EditNotice));
afterFirstScreen(() => preloadLater(loadCompletion));
// LIFF's door loads with the 閉じる press: no first screen needs it. A chunk that cannot arrive
// (offline, before the worker holds the app) counts as a window that stayed open.
const closeApp = (): Promise<boolean> => import('../../lib/liff').then((m) => m.closeApp()).catch(() => false);

export interface SurveyScreenProps {
  surveyId: string;
  /** The page's query parameters: items prefill from those their queryParam1/2/3 name. */
  search?: Readonly<Record<string, string>>;
  /** /calendar/{id}: the reservation item first, as the slot-choice step (spec 02 §2). */
  reservationFirst?: boolean;
}

/** The /survey/$id route's screen (bundled with the app: it is the first screen of most visits). */
export function SurveyRoute() {
  const { id } = useParams({ from: '/survey/$id' });
  const search = useSearch({ from: '/survey/$id' });
  if (closedBeforeSignIn(id)) return <ClosedForm />;
  const screen = <SurveyScreen surveyId={id} search={search} />;
  return asksAdmin(search) ? <AdminGate surveyId={id} search={search}>{screen}</AdminGate> : screen;
}

/**
 * The /calendar/$id route's screen. Reading (spec 02 §2 leaves the id open): {id} is the surveyId
 * of a form holding a reservation item; the page is that form with the reservation item as its
 * first step (slot choice), then the rest of the form (confirm), the confirmation dialog (last
 * confirm) and the completion page, the same screens and sending as /survey/{id}.
 */
export function CalendarRoute() {
  const { id } = useParams({ from: '/calendar/$id' });
  const search = useSearch({ from: '/calendar/$id' });
  if (closedBeforeSignIn(id)) return <ClosedForm />;
  const screen = <SurveyScreen surveyId={id} search={search} reservationFirst />;
  return asksAdmin(search) ? <AdminGate surveyId={id} search={search}>{screen}</AdminGate> : screen;
}

type Search = Record<string, string | undefined>;

const withoutSent = (search: Search): Search => {
  const { [SENT_PARAM]: _sent, ...rest } = search;
  return rest;
};

const answerCodeOf = (entry: OutboxEntry): string | null => {
  const code = (entry.answer as { answercode?: unknown } | undefined)?.answercode;
  return typeof code === 'string' ? code : null;
};

export function SurveyScreen({ surveyId, search, reservationFirst = false }: SurveyScreenProps) {
  const query = useQuery(surveyConfigQuery(surveyId));
  const queryClient = useQueryClient();
  // Going back from the last confirm reloads the chosen week's counts (spec 02 §2): every loaded
  // schedule is refetched, the chosen week's among them.
  const refreshSchedules = useCallback(() => void queryClient.invalidateQueries({ queryKey: SCHEDULE_KEY }), [queryClient]);
  const queue = useOutbox();
  // Spec 02 §8: a failed calendar read on the /calendar page goes back, when there is a page to go back to.
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const calendarBack = useCallback(() => router.history.back(), [router]);
  const partitionKey = search?.['partitionKey'] || null;
  const sentId = search?.[SENT_PARAM] || null;
  const navigate = useNavigate();
  const [sentHere, setSent] = useState<OutboxEntry | null>(null);
  const sentFound = useSentEntry(sentId, sentHere);
  const sent = sentHere ?? sentFound ?? null;
  /** Bumped to reopen the form afresh (a queued answer was refused later). */
  const [generation, setGeneration] = useState(0);
  // The route guard let us in with a valid session; read it once for the header (a kiosk has none).
  const profile = getResidentSession()?.profile;
  const kiosk = isKioskDevice();
  const title = query.data?.data.surveyTitle ?? '';
  // Edit mode: the stored answer the partition key names, and what the resident may do with it.
  const answerQuery = useQuery({ ...editedAnswerQuery(surveyId, partitionKey ?? ''), enabled: partitionKey !== null });
  // A copy from this device's cache was not parsed on this visit, so its rarer types may not be
  // loaded yet: the config is used once they are.
  const types = useItemTypes(query.data?.data.surveySchema.map((i) => i.type));
  const served = types === 'ready' ? query.data?.data : undefined;
  const edited = useMemo<EditedAnswer | null>(
    () => (served && answerQuery.data && answerQuery.data.length > 0 ? editedAnswerOf(served, answerQuery.data) : null),
    [served, answerQuery.data],
  );
  const replacesAnswerCode = edited?.answerCode ?? null;
  const target = useMemo<AnswerTarget>(
    () => ({ surveyId, partitionKey, title, replacesAnswerCode }),
    [surveyId, partitionKey, title, replacesAnswerCode],
  );
  const restored = useRestored(target, generation);
  // Past the reservation's cancel deadline the answer can no longer be changed (spec 01 §4).
  const deadlinePassed = useEditDeadlinePassed(served, edited);
  const formConfig = useMemo(
    () => (served && edited ? configForFields(served, deadlinePassed ? 'none' : edited.actions.editableFields, { showLinkButton: edited.actions.showLinkButton }) : served),
    [served, edited, deadlinePassed],
  );
  const readOnly = edited !== null && (!edited.actions.canEdit || deadlinePassed === true);

  const userId = getStoredUserId();
  const configVersion = query.data?.data.version;
  const saver = useMemo(
    () => (userId ? createDraftSaver({ userId, surveyId, partitionKey }, { configVersion }) : null),
    [userId, surveyId, partitionKey, configVersion],
  );
  useEffect(
    () => () => {
      if (!saver) return;
      void saver.flush();
      saver.dispose();
    },
    [saver],
  );
  const saveDraft = useCallback((values: Record<string, FormValue>) => saver?.save(values), [saver]);
  const saveEdits = readOnly ? undefined : saveDraft;

  // The sent entry as it stands now: a waiting answer becomes delivered (or refused) later.
  const live = sent ? (queue.entries.find((e) => e.id === sent.id) ?? sent) : null;
  const completion = useLater(live ? loadCompletion : null);
  // A page that names no sent answer (any more) opens the form afresh.
  const dropSent = useCallback(
    () => void navigate({ to: '.', search: (prev: Search) => withoutSent(prev), replace: true }),
    [navigate],
  );
  useEffect(() => {
    if (live?.status === 'rejected') {
      setSent(null);
      setGeneration((g) => g + 1);
      dropSent();
    }
  }, [live?.status, dropSent]);
  useEffect(() => {
    if (sentId !== null && sentFound === null) dropSent();
  }, [sentId, sentFound, dropSent]);

  const { send, checkReservation } = useAnswerSend({ surveyId, partitionKey, target, served, saver, rejectedId: restored?.rejectedId ?? null });
  // Admin mode only for a staff session that may register on this form (admin-mode.ts); the
  // office's answer is nobody's draft and is checked against the resident's limits by no one but the server.
  const admin = useAdminMode(surveyId, search);
  const office = admin.mode === 'admin';
  const sendOffice = useCallback((request: SendRequest) => sendAsOffice(target, request), [target]);
  const showCompletion = (entry: OutboxEntry) => {
    setSent(entry);
    // In the address, so a reload (or LINE restoring the page) shows this completion again.
    void navigate({ to: '.', search: (prev: Search) => ({ ...prev, [SENT_PARAM]: entry.id }), replace: true });
    // The send button was at the bottom of a long page; the end message is at the top.
    window.scrollTo(0, 0);
  };

  // A sent answer's completion (its 受付番号) needs no item code, and shows whatever the network does.
  const typesMissing = !live && types !== 'ready';
  if (query.isPending || admin.deciding || (typesMissing && types === 'loading') || (sentId !== null && sentFound === undefined)) return <LoadingText />;
  // An unknown or closed form, or a failed load: the text, and a way back rather than a dead end.
  if (query.isError) return <WithWayBack kiosk={kiosk}>{<LoadError error={query.error} wayBack={false} />}</WithWayBack>;
  if (typesMissing && types === 'failed') return <WithWayBack kiosk={kiosk}>{<ErrorCard />}</WithWayBack>;
  // A bed survey is booked on its own screens, where the stay is chosen (spec 02 §2); sent from
  // here it would only be refused (server: bed_survey) after the resident had typed it all.
  // Loading meanwhile, so the server's render of the bed screen stays on show (src/ssr/handoff.ts).
  if (query.data.data.surveyType === BED_SURVEY_TYPE) {
    return (
      <>
        {partitionKey === null ? (
          <Navigate to="/bed-reservation/$id" params={{ id: surveyId }} search={{}} replace />
        ) : (
          <Navigate to="/bed-reservation-list/$id" params={{ id: surveyId }} replace />
        )}
        <LoadingText />
      </>
    );
  }
  // The answer to change: not found (404, or nothing stored) shows the spec's not-found text.
  if (partitionKey !== null && !live) {
    if (answerQuery.isPending) return <LoadingText />;
    if (answerQuery.isError) return <WithWayBack kiosk={kiosk}>{<LoadError error={answerQuery.error} wayBack={false} />}</WithWayBack>;
    if (!edited) return <WithWayBack kiosk={kiosk}>{<MessageLines lines={[ja.errors.notFound]} />}</WithWayBack>;
  }

  const { data: config, fromCache } = query.data;
  // spec 01 §4: a form for members sends a resident who is not one yet to its member registration.
  // The server answers hasMember for the resident; a copy from this device's cache may be older
  // (before they registered), so the redirect waits for the fresh one while it is on its way.
  if (config.hasMember === false && config.memberFormId) {
    if (query.isFetching) return <LoadingText />;
    return <Navigate to="/member/$id" params={{ id: config.memberFormId }} search={{ survey: surveyId }} replace />;
  }
  const stale = fromCache || restored?.needRefresh === true;
  const description = kiosk && config.description ? kioskDescription(config.description) : config.description;
  // A draft (or a refused change) of this answer wins over the stored answer when it is newer;
  // an answer that can no longer be changed shows as stored.
  const useRestoredValues =
    !edited || (edited.actions.canEdit && deadlinePassed !== true && restored?.values !== undefined && (restored.valuesAt ?? 0) > edited.updatedAt);
  // The office starts each walk-in afresh: a draft on this device is a resident's.
  const initialValues = office ? undefined : useRestoredValues ? restored?.values : edited.values;
  const initialIssues = useRestoredValues && !office ? restored?.issues : undefined;
  const delivery: Delivery =
    live?.status === 'delivered' || live?.status === 'needs-auth' || live?.status === 'stalled' ? live.status : 'waiting';
  return (
    <Stack gap="md">
      {profile ? <ResidentHeader profile={profile} /> : null}
      {stale && !live ? (
        <Alert color="yellow" variant="light" data-testid="stale-config">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{restored?.needRefresh ? ja.form.needRefresh : ja.offline.fromCache}</Text>
            <Button size="xs" variant="light" className="app-keep-whole" onClick={() => window.location.reload()} data-testid="reload-config">
              {ja.common.reload}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <SurveyHeading config={config} />
      {live ? (
        completion ? (
          <completion.Completion
            config={config}
            answerCode={answerCodeOf(live)}
            replacedCode={live.meta.replacesAnswerCode ?? null}
            delivery={delivery}
            kiosk={kiosk}
            reserved={reservedOf(config, sentRowsOf(live))}
            changed={live.meta.partitionKey !== undefined}
          />
        ) : (
          <LoadingText />
        )
      ) : (
        <>
          <SurveyDescription text={description} />
          {edited ? <EditNotice edited={edited} deadlinePassed={deadlinePassed} /> : null}
          {partitionKey === null && userId && !office && usesPayment(config) ? <PendingPayments surveyId={surveyId} onReleased={refreshSchedules} /> : null}
          {config.surveySchema.length === 0 ? (
            <Text c="dimmed">{ja.survey.noItems}</Text>
          ) : !restored || deadlinePassed === undefined ? (
            <LoadingText />
          ) : (
            // A new config version is a new form: start it afresh rather than mix two plans.
            <SurveyFormOrIsland
              key={`${config.version}:${generation}:${admin.mode}`}
              config={formConfig ?? config}
              search={search}
              initialValues={initialValues}
              initialIssues={initialIssues}
              readOnly={readOnly}
              mode={admin.mode}
              reservationFirst={reservationFirst}
              onCalendarLoadFailure={reservationFirst && canGoBack ? calendarBack : undefined}
              onConfirmClosed={refreshSchedules}
              initialNotice={useRestoredValues ? restored?.errorText : undefined}
              initialRefusalCode={useRestoredValues ? restored?.errorCode : undefined}
              onValuesChange={office ? undefined : saveEdits}
              checkReservation={office ? undefined : checkReservation}
              orderFixed={partitionKey !== null}
              changedFrom={edited?.values}
              send={office ? sendOffice : send}
              onSent={showCompletion}
            />
          )}
        </>
      )}
      {kiosk ? (
        live ? null : <KioskHomeButton />
      ) : (
        <Button variant="subtle" color="gray" onClick={() => void closeApp().then((closed) => (closed ? undefined : navigate({ to: '/' })))}
          data-testid="close-app"
        >
          {ja.common.close}
        </Button>
      )}
    </Stack>
  );
}

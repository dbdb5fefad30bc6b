/**
 * /bed-reservation/{id} (spec 02 §2, §4): the month calendar, the stay dialog, the form, the
 * confirm step and the finish message. With ?partitionKey=… it changes that stay (edit mode: the
 * possible-start rule does not apply; the confirm step offers 取り消し and 変更); with &dates=1 it
 * opens on the calendar to change the dates, else on the form with the stay's dates kept. Once
 * sent, ?sent=<outbox entry id> keeps the finish message across a reload of the tab.
 */
import { Alert, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Temporal } from 'temporal-polyfill';
import type { AnswerRowInput } from '@core/contract/survey';
import { todayInTokyo } from '@core/ja/date-input';
import { answerValues, isFormValid, validateForm, type FormIssues } from '@core/form/validate';
import type { BedChoice } from '@core/rules/bed-stay';
import { END_DATE_KEY, START_DATE_KEY, formatDateWithSession, isBedDeadlinePassed } from '@core/rules/bed-stay';
import { getSession, getStoredUserId } from '../../lib/session';
import { fill } from '../../messages/fill';
import { jaScreens } from '../../messages/ja-screens';
import type { OutboxEntry } from '../../offline/outbox-snapshot';
import { getOutbox } from '../../offline/runtime';
import { useSentCompletion } from '../../offline/sent-entry';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { BedChoicesContext } from '../../items/bed-choices';
import { BedCalendar } from './bed-calendar';
import { BedConfirm } from './bed-confirm';
import { bedErrorText } from './bed-error';
import { BedFields, normalizeFields } from './bed-fields';
import { BedPage, BedPickDay } from './bed-page';
import { BED_WRITE_ENDPOINTS, BedFinish } from './bed-finish';
import { bedBedsQuery, bedFormQuery, bedHistoryQuery, bedRuleQuery } from './queries';
import { readDateText } from '../../lib/ja-dates';
import { sendStay } from './send';
import { StayDialog } from './stay-dialog';
import { StaySummary, stayOf, type Stay } from './stay-summary';

type Step = 'calendar' | 'form' | 'confirm';

export interface BedScreenProps {
  surveyId: string;
  partitionKey: string | null;
  datesOnly: boolean;
  /** The outbox entry whose finish message this page shows (?sent=). */
  sentId?: string | null;
}

export function BedScreen(props: BedScreenProps) {
  const userId = getStoredUserId() ?? '';
  const { sent, reading, show } = useSentCompletion(props.sentId ?? null, props.surveyId, BED_WRITE_ENDPOINTS);
  const config = useQuery(bedFormQuery(props.surveyId));
  const rule = useQuery(bedRuleQuery(props.surveyId));
  const history = useQuery({ ...bedHistoryQuery(props.surveyId, userId), enabled: props.partitionKey !== null && !sent });
  // The ward's beds only for a form that lets the resident choose one.
  const picksBed = config.data?.data.surveySchema.some((i) => i.type === 'selectBed') ?? false;
  const beds = useQuery({ ...bedBedsQuery(props.surveyId), enabled: picksBed && !sent });
  const unknown = jaScreens.bed.unknownError;
  if (reading) return <LoadingText />;
  if (config.isError) return <LoadError error={config.error} unknown={unknown} />;
  if (config.isPending) return <LoadingText />;
  if (sent) return <BedPage title={config.data.data.surveyTitle} profile={getSession()?.profile}>{<BedFinish config={config.data.data} entry={sent} />}</BedPage>;
  if (rule.isError || history.isError || beds.isError) return <LoadError error={rule.error ?? history.error ?? beds.error} unknown={unknown} />;
  if (rule.isPending || (props.partitionKey !== null && history.isPending) || (picksBed && beds.isPending)) return <LoadingText />;
  const edited = props.partitionKey ? (history.data?.find((s) => s.partitionKey === props.partitionKey) ?? null) : null;
  if (props.partitionKey && !edited) return <LoadError error={new Error(unknown)} unknown={unknown} />;
  return (
    <BedChoicesContext.Provider value={beds.data?.data ?? null}>
      <BedFlow {...props} config={config.data.data} rule={rule.data.data} edited={edited} beds={beds.data?.data ?? []} onSent={show} />
    </BedChoicesContext.Provider>
  );
}

function BedFlow({
  surveyId,
  partitionKey,
  datesOnly,
  config,
  rule,
  edited,
  beds,
  onSent,
}: BedScreenProps & {
  config: Parameters<typeof BedFields>[0]['config'];
  rule: { reservationPossibleStart: number; reservationCancelLimit: number };
  edited: { partitionKey: string; startDate: string; endDate: string; fields: { itemKey: string; value: string }[] } | null;
  beds: readonly BedChoice[];
  onSent: (entry: OutboxEntry) => void;
}) {
  const editing = edited !== null;
  const navigate = useNavigate();
  const today = todayInTokyo();
  const kept = stayOf(edited);
  const [step, setStep] = useState<Step>(editing && !datesOnly ? 'form' : 'calendar');
  const [month, setMonth] = useState(() => (kept && datesOnly ? kept.start : today).toPlainYearMonth());
  const [picked, setPicked] = useState<Temporal.PlainDate | null>(null);
  const [stay, setStay] = useState<Stay | null>(kept);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries((edited?.fields ?? []).map((f) => [f.itemKey, f.value])));
  const [issues, setIssues] = useState<FormIssues>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const toConfirm = () => {
    // A field typed into and never left still gets its canonical form (the phone's digits).
    const canonical = normalizeFields(config, values);
    setValues(canonical);
    const found = validateForm(config, canonical, { mode: 'user', today });
    setIssues(found);
    if (!isFormValid(found) || !stay) {
      setError(jaScreens.bed.noDay);
      return;
    }
    setError(null);
    setStep('confirm');
  };

  const send = async () => {
    if (!stay) return;
    setSending(true);
    setError(null);
    const fields = answerValues(config, values, 'user');
    const rows: AnswerRowInput[] = [
      ...Object.entries(fields).map(([itemKey, value]) => ({ surveyId, itemKey, value: String(value) })),
      { surveyId, itemKey: START_DATE_KEY, value: formatDateWithSession(stay.start, stay.startSession) },
      { surveyId, itemKey: END_DATE_KEY, value: formatDateWithSession(stay.start.add({ days: stay.nights }), stay.endSession) },
    ];
    try {
      const entry = await sendStay(getOutbox(), { surveyId, title: config.surveyTitle, partitionKey }, rows);
      onSent(entry);
    } catch (e) {
      setError(bedErrorText(e));
      setSending(false);
    }
  };

  const summary = stay ? <StaySummary stay={stay} /> : null;

  return (
    <BedPage title={config.surveyTitle} profile={getSession()?.profile}>
      {error && step !== 'confirm' ? (
        <Alert color="red" role="alert" data-testid="bed-error">
          {error}
        </Alert>
      ) : null}
      {step === 'calendar' ? (
        <>
          <BedPickDay />
          {!editing && rule.reservationPossibleStart > 0 ? (
            <Text size="sm" data-testid="bed-first-day">
              {fill(jaScreens.bed.firstDay, { date: readDateText(today.add({ days: rule.reservationPossibleStart }).toString()) })}
            </Text>
          ) : null}
          <BedCalendar surveyId={surveyId} month={month} onMonth={setMonth} today={today} rule={rule} editing={editing} onPick={setPicked} />
          <StayDialog
            start={picked}
            insideLimit={picked !== null && isBedDeadlinePassed(picked, rule, today)}
            initial={stay ? { nights: stay.nights, startSession: stay.startSession, endSession: stay.endSession } : undefined}
            onClose={() => setPicked(null)}
            onChoose={(c) => {
              if (picked) setStay({ ...c, start: picked });
              setPicked(null);
              setStep('form');
            }}
          />
        </>
      ) : null}
      {step === 'form' ? (
        <>
          {summary}
          <Button variant="default" onClick={() => setStep('calendar')}>
            {jaScreens.bed.changeDates}
          </Button>
          <BedFields config={config} values={values} issues={issues} onChange={(k, v) => setValues((old) => ({ ...old, [k]: v }))} />
          <Button onClick={toConfirm}>{jaScreens.bed.next2}</Button>
        </>
      ) : null}
      {step === 'confirm' && stay ? (
        <BedConfirm
          config={config}
          values={values}
          stay={stay}
          beds={beds}
          editing={editing}
          sending={sending}
          insideLimit={isBedDeadlinePassed(stay.start, rule, today)}
          error={error}
          onBack={() => {
            setError(null);
            // Edit mode's 取り消し (spec 02 §2) withdraws the change: back to the stays, the stored
            // one as it was. A new booking's 戻る returns to the form.
            if (editing) void navigate({ to: '/bed-reservation-list/$id', params: { id: surveyId } });
            else setStep('form');
          }}
          onSend={() => void send()}
        />
      ) : null}
    </BedPage>
  );
}

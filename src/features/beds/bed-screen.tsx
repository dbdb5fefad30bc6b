/**
 * /bed-reservation/{id} (spec 02 §2, §4): the month calendar, the stay dialog, the form, the
 * confirm step and the finish message. With ?partitionKey=… it changes that stay (edit mode: the
 * possible-start rule does not apply; the confirm step offers 取り消し and 変更); with &dates=1 it
 * opens on the calendar to change the dates, else on the form with the stay's dates kept.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Temporal } from 'temporal-polyfill';
import type { AnswerRowInput } from '@core/contract/survey';
import { todayInTokyo } from '@core/ja/date-input';
import { answerValues, isFormValid, validateForm, type FormIssues } from '@core/form/validate';
import { END_DATE_KEY, START_DATE_KEY, formatDateWithSession, parseDateWithSession, stayLabel, type DaySession } from '@core/rules/bed-stay';
import { getSession, getStoredUserId } from '../../lib/session';
import { ja } from '../../messages/ja';
import { getOutbox } from '../../offline/runtime';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { ResidentHeader } from '../../ui/resident-header';
import { BedCalendar } from './bed-calendar';
import { BedFields, normalizeFields } from './bed-fields';
import { dateWithWeekday } from './month';
import { bedFormQuery, bedHistoryQuery, bedRuleQuery } from './queries';
import { BedWriteRefused, sendStay } from './send';
import { StayDialog, type StayChoice } from './stay-dialog';

type Step = 'calendar' | 'form' | 'confirm' | 'finish';

interface Stay extends StayChoice {
  start: Temporal.PlainDate;
}

export interface BedScreenProps {
  surveyId: string;
  partitionKey: string | null;
  datesOnly: boolean;
}

export function BedScreen(props: BedScreenProps) {
  const userId = getStoredUserId() ?? '';
  const config = useQuery(bedFormQuery(props.surveyId));
  const rule = useQuery(bedRuleQuery(props.surveyId));
  const history = useQuery({ ...bedHistoryQuery(props.surveyId, userId), enabled: props.partitionKey !== null });
  if (config.isError || rule.isError || history.isError) return <LoadError error={config.error ?? rule.error ?? history.error} />;
  if (config.isPending || rule.isPending || (props.partitionKey !== null && history.isPending)) return <LoadingText />;
  const edited = props.partitionKey ? (history.data?.find((s) => s.partitionKey === props.partitionKey) ?? null) : null;
  if (props.partitionKey && !edited) return <LoadError error={new Error(ja.bed.unknownError)} />;
  return <BedFlow {...props} config={config.data.data} rule={rule.data.data} edited={edited} />;
}

const stayOf = (edited: { startDate: string; endDate: string } | null): Stay | null => {
  const s = edited && parseDateWithSession(edited.startDate);
  const e = edited && parseDateWithSession(edited.endDate);
  if (!s || !e) return null;
  return {
    start: s.date,
    nights: s.date.until(e.date, { largestUnit: 'days' }).days,
    startSession: (s.session ?? '午後') as DaySession,
    endSession: (e.session ?? '午前') as DaySession,
  };
};

function BedFlow({
  surveyId,
  partitionKey,
  datesOnly,
  config,
  rule,
  edited,
}: BedScreenProps & {
  config: Parameters<typeof BedFields>[0]['config'];
  rule: { reservationPossibleStart: number; reservationCancelLimit: number };
  edited: { partitionKey: string; startDate: string; endDate: string; fields: { itemKey: string; value: string }[] } | null;
}) {
  const editing = edited !== null;
  const today = todayInTokyo();
  const kept = stayOf(edited);
  const [step, setStep] = useState<Step>(editing && !datesOnly ? 'form' : 'calendar');
  const [month, setMonth] = useState(() => (kept && datesOnly ? kept.start : today).toPlainYearMonth());
  const [picked, setPicked] = useState<Temporal.PlainDate | null>(null);
  const [stay, setStay] = useState<Stay | null>(kept);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries((edited?.fields ?? []).map((f) => [f.itemKey, f.value])));
  const [issues, setIssues] = useState<FormIssues>({});
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const [sending, setSending] = useState(false);

  const toConfirm = () => {
    // A field typed into and never left still gets its canonical form (the phone's digits).
    const canonical = normalizeFields(config, values);
    setValues(canonical);
    const found = validateForm(config, canonical, { mode: 'user', today });
    setIssues(found);
    if (!isFormValid(found) || !stay) {
      setError(ja.bed.noDay);
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
      setQueued(entry.status !== 'delivered');
      setStep('finish');
    } catch (e) {
      setError(e instanceof BedWriteRefused && e.message ? e.message : ja.bed.unknownError);
    } finally {
      setSending(false);
    }
  };

  const summary = stay ? (
    <Stack gap={4} data-testid="bed-stay">
      <Text size="sm">
        {ja.bed.admission}: {dateWithWeekday(formatDateWithSession(stay.start, stay.startSession))}
      </Text>
      <Text size="sm">
        {ja.bed.discharge}: {dateWithWeekday(formatDateWithSession(stay.start.add({ days: stay.nights }), stay.endSession))}（{stayLabel(stay.nights)}）
      </Text>
    </Stack>
  ) : null;

  const profile = getSession()?.profile;
  return (
    <Stack gap="md">
      {/* Whose stay this is, as on the other screens of a resident's own data (shared devices). */}
      {profile ? <ResidentHeader profile={profile} /> : null}
      <Title order={1} size="h3">
        {config.surveyTitle}
      </Title>
      {error ? (
        <Alert color="red" role="alert" data-testid="bed-error">
          {error}
        </Alert>
      ) : null}
      {step === 'calendar' ? (
        <>
          <Text size="sm">{ja.bed.pickDay}</Text>
          <BedCalendar surveyId={surveyId} month={month} onMonth={setMonth} today={today} rule={rule} editing={editing} onPick={setPicked} />
          <StayDialog
            start={picked}
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
            {ja.bed.changeDates}
          </Button>
          <BedFields config={config} values={values} issues={issues} onChange={(k, v) => setValues((old) => ({ ...old, [k]: v }))} />
          <Button onClick={toConfirm}>{ja.bed.next2}</Button>
        </>
      ) : null}
      {step === 'confirm' ? (
        <Stack gap="sm" data-testid="bed-confirm">
          <Title order={2} size="h4">
            {ja.bed.confirmTitle}
          </Title>
          {summary}
          {Object.entries(answerValues(config, values, 'user')).map(([k, v]) => (
            <Text key={k} size="sm">
              {config.surveySchema.find((i) => i.itemKey === k)?.title}: {String(v)}
            </Text>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('form')} disabled={sending}>
              {editing ? ja.bed.confirmRevoke : ja.bed.confirmBack}
            </Button>
            <Button onClick={() => void send()} loading={sending}>
              {editing ? ja.bed.confirmChange : ja.bed.confirmSend}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {step === 'finish' ? (
        <Stack gap="sm" data-testid="bed-finish">
          <Text>{editing ? ja.bed.finishChanged : typeof config.endOfSurveyMessage === 'string' ? config.endOfSurveyMessage : ja.bed.finishDefault}</Text>
          {queued ? <Text size="sm">{ja.bed.queued}</Text> : null}
          {summary}
          <Button variant="default" renderRoot={(p) => <Link {...p} to="/bed-reservation-list/$id" params={{ id: surveyId }} />}>
            {ja.bed.toHistory}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

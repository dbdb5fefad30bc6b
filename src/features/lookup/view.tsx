/** Pieces the lookup screens share: an answer's fields, its date and time lines, its status. */
import './lookup.css';
import { Badge, Group, Text, Title } from '@mantine/core';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { RESIDENT_SHOWN_STATUSES, reservationTimeDisplay } from '@core/rules/status';
import { displayDate, displayValue } from '../../lib/error-text';
import { ja } from '../../messages/ja';
import { getSession } from '../../lib/session';
import { ResidentHeader } from '../../ui/resident-header';
import { displayOf } from '../../items/display';
import type { LookupAnswer } from './answers';
import { formHasReservation } from './answers';
import { useReservationLines, type ReservationLines } from './reservation';

/**
 * The resident's registration as the details and cancel-confirm pages show it (spec 01 §2, spec
 * 02 §2): picture and name with 様, 現在の登録情報, the 受付番号 (not in the spec's list: it is the
 * number a resident quotes at the desk, and the list's cards show it), the answers, then reservation
 * date and time.
 */
export function CurrentInfo({ answer, config }: { answer: LookupAnswer; config?: ServedSurveyConfig | undefined }) {
  const profile = getSession()?.profile;
  return (
    <>
      {profile ? <ResidentHeader profile={profile} /> : null}
      <Title order={1} size="h3">
        {ja.lookup.currentInfo}
      </Title>
      {answer.answerCode ? (
        <Text fw={700}>
          {ja.lookup.answerCode}: <span data-testid="details-answer-code">{answer.answerCode}</span>
        </Text>
      ) : null}
      <AnswerFields answer={answer} />
      <DateTimeLines answer={answer} config={config} />
    </>
  );
}

export function AnswerFields({ answer }: { answer: LookupAnswer }) {
  return (
    <dl className="lookup-fields" data-testid="answer-fields">
      {answer.fields.map((f) => (
        <div key={f.itemKey} data-item-key={f.itemKey}>
          <dt>{f.title}</dt>
          <dd className="app-pre-wrap">{displayValue(displayOf(f))}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Reservation date and time (予約なし when the answer holds none); the time struck and キャンセル済
 * when cancelled. For a form with a reservation item also the category lines (label: name) and the
 * reservation item's name.
 */
export function DateTimeLines({ answer, config }: { answer: LookupAnswer; config?: ServedSurveyConfig | undefined }) {
  if (config && formHasReservation(config)) return <ReservationDateTimeLines answer={answer} config={config} />;
  return <DateTimeList answer={answer} date={displayDate(answer.reservationDate?.toString() ?? null)} time={ja.display.noReservation} />;
}

function ReservationDateTimeLines({ answer, config }: { answer: LookupAnswer; config: ServedSurveyConfig }) {
  const lines = useReservationLines(config, answer);
  return <DateTimeList answer={answer} date={lines.date} time={lines.time} lines={lines} />;
}

function DateTimeList({ answer, date, time: timeText, lines }: { answer: LookupAnswer; date: string; time: string; lines?: ReservationLines }) {
  const time = reservationTimeDisplay(answer.check, timeText);
  return (
    <dl className="lookup-fields" data-testid="answer-datetime">
      {lines?.categories.map((c, i) => (
        <div key={i} data-testid="reservation-category">
          <dt>{c.label}</dt>
          <dd>{c.name}</dd>
        </div>
      ))}
      {lines?.itemName ? (
        <div data-testid="reservation-item">
          <dt>{lines.itemLabel}</dt>
          <dd>{lines.itemName}</dd>
        </div>
      ) : null}
      <div>
        <dt>{ja.lookup.reservationDate}</dt>
        <dd data-testid="reservation-date">{date}</dd>
      </div>
      <div>
        <dt>{lines?.timeLabel ?? ja.lookup.reservationTime}</dt>
        <dd>
          <span className={time.struckThrough ? 'lookup-struck' : undefined} data-testid="reservation-time">
            {time.time}
          </span>
          {time.label ? (
            <Text span c="red.8" fw={700} ml="xs" data-testid="cancelled-label">
              {lines?.cancelledLabel ?? time.label}
            </Text>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}

const STATUS_COLOURS: Readonly<Record<string, string>> = {
  キャンセル: 'red',
  NG: 'red',
  取り消し: 'gray',
  完了: 'orange',
};

/**
 * The answer's status as its resident reads it: 取り消し and 完了 as they are, a cancel (キャンセル,
 * NG) as キャンセル済; none for the office's working statuses (RESIDENT_SHOWN_STATUSES).
 */
export function StatusBadge({ answer }: { answer: LookupAnswer }) {
  if (!RESIDENT_SHOWN_STATUSES.has(answer.check)) return null;
  const label = answer.check === 'NG' || answer.check === 'キャンセル' ? ja.lookup.cancelledLabel : answer.check;
  return (
    <Group gap={4}>
      <Badge color={STATUS_COLOURS[answer.check] ?? 'blue'} variant="light" data-testid="answer-status" data-status={answer.check}>
        {label}
      </Badge>
    </Group>
  );
}

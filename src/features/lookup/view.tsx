/** Pieces the lookup screens share: an answer's fields, its date and time lines, its status. */
import './lookup.css';
import { Badge, Group, Text } from '@mantine/core';
import { reservationTimeDisplay } from '@core/rules/status';
import { displayDate, displayValue } from '../../lib/error-text';
import { ja } from '../../messages/ja';
import type { LookupAnswer } from './answers';

export function AnswerFields({ answer }: { answer: LookupAnswer }) {
  return (
    <dl className="lookup-fields" data-testid="answer-fields">
      {answer.fields.map((f) => (
        <div key={f.itemKey} data-item-key={f.itemKey}>
          <dt>{f.title}</dt>
          <dd>{displayValue(f.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Reservation date and time (予約なし when the answer holds none); the time struck and キャンセル済 when cancelled. */
export function DateTimeLines({ answer }: { answer: LookupAnswer }) {
  const time = reservationTimeDisplay(answer.check, ja.display.noReservation);
  return (
    <dl className="lookup-fields" data-testid="answer-datetime">
      <div>
        <dt>{ja.lookup.reservationDate}</dt>
        <dd>{displayDate(answer.reservationDate?.toString() ?? null)}</dd>
      </div>
      <div>
        <dt>{ja.lookup.reservationTime}</dt>
        <dd>
          <span className={time.struckThrough ? 'lookup-struck' : undefined} data-testid="reservation-time">
            {time.time}
          </span>
          {time.label ? (
            <Text span c="red.8" fw={700} ml="xs" data-testid="cancelled-label">
              {time.label}
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

/** The answer's status: 取り消し as is, a cancelled plain answer (NG) as キャンセル済. */
export function StatusBadge({ answer }: { answer: LookupAnswer }) {
  const label = answer.check === 'NG' || answer.check === 'キャンセル' ? ja.lookup.cancelledLabel : answer.check;
  return (
    <Group gap={4}>
      <Badge color={STATUS_COLOURS[answer.check] ?? 'blue'} variant="light" data-testid="answer-status" data-status={answer.check}>
        {label}
      </Badge>
    </Group>
  );
}

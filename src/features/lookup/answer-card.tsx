/**
 * One answer's card as the lookup list shows it (spec 01 §2 Confirm list): 受付番号, status, the
 * reservation's category lines (e.g. the department), date and time, the answers, and the buttons
 * answerActions allows. The member-linked list shows its answers with the same card
 * (linked-card.tsx), so both follow one rule for 変更 and キャンセル.
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { todayInTokyo } from '@core/ja/date-input';
import { answerActions } from '@core/rules/permissions';
import { formatMonthDayWeekday } from '../../calendar/dates';
import { useCancelDeadline } from '../../calendar/deadline';
import { fill } from '../../messages/fill';
import { ja } from '../../messages/ja';
import { formHasReservation, type LookupAnswer } from './answers';
import { reservationOf } from './reservation';
import { AnswerFields, DateTimeLines, StatusBadge } from './view';

export type CardTarget = '/confirmDetails' | '/cancelConfirm';

interface AnswerCardProps {
  answer: LookupAnswer;
  config: ServedSurveyConfig;
  /** A line under the answers (the payment's status), when there is one. */
  extra?: ReactNode;
  onEdit: () => void;
  onOpen: (to: CardTarget) => void;
}

export function AnswerCard({ answer, config, extra, onEdit, onOpen }: AnswerCardProps) {
  const withReservation = formHasReservation(config);
  const actions = answerActions(config, { check: answer.check, userId: answer.userId }, 'user');
  return (
    <Card
      withBorder
      padding="md"
      className={answer.check === '取り消し' ? 'lookup-ended' : undefined}
      data-testid="answer-card"
      data-answer-code={answer.answerCode ?? ''}
      data-status={answer.check}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>
            {ja.lookup.answerCode}: <span data-testid="card-answer-code">{answer.answerCode ?? ja.display.unknownValue}</span>
          </Text>
          <StatusBadge answer={answer} />
        </Group>
        {withReservation || answer.check === 'キャンセル' ? <DateTimeLines answer={answer} config={config} /> : null}
        <AnswerFields answer={answer} />
        {extra}
        <CardActions
          raw={withReservation ? (reservationOf(config, answer)?.raw ?? '') : ''}
          canEdit={actions.canEdit}
          canCancel={actions.canCancel}
          editLabel={withReservation ? ja.lookup.editReservation : ja.lookup.edit}
          onEdit={onEdit}
          onOpen={onOpen}
        />
      </Stack>
    </Card>
  );
}

interface CardActionsProps {
  /** The answer's reservation value ('' for none): its cancel deadline decides change and cancel. */
  raw: string;
  canEdit: boolean;
  canCancel: boolean;
  editLabel: string;
  onEdit: () => void;
  onOpen: (to: CardTarget) => void;
}

/**
 * The card's buttons. Past the reservation's cancel deadline (spec 01 §4, §8) neither 予約・変更 nor
 * キャンセル is offered — the server would refuse both — and the spec's deadline text says why.
 */
function CardActions({ raw, canEdit, canCancel, editLabel, onEdit, onOpen }: CardActionsProps) {
  const { passed, lastDay } = useCancelDeadline(raw, todayInTokyo(), raw !== '' && (canEdit || canCancel));
  const closed = passed === true;
  return (
    <>
      {closed ? (
        <Text size="sm" c="red.8" data-testid="deadline-passed">
          {ja.errors.cancelDeadlinePassed}
        </Text>
      ) : lastDay ? (
        <Text size="sm" data-testid="cancel-deadline" data-date={lastDay.toString()}>
          {fill(ja.lookup.cancelDeadline, { date: formatMonthDayWeekday(lastDay) })}
        </Text>
      ) : null}
      <div className="lookup-actions">
        {canEdit && !closed ? (
          <Button variant="filled" onClick={onEdit} data-testid="answer-edit">
            {editLabel}
          </Button>
        ) : null}
        <Button variant="light" onClick={() => onOpen('/confirmDetails')} data-testid="answer-details">
          {ja.lookup.details}
        </Button>
        {canCancel && !closed ? (
          <Button variant="outline" color="red" onClick={() => onOpen('/cancelConfirm')} data-testid="answer-cancel">
            {ja.lookup.cancel}
          </Button>
        ) : null}
      </div>
    </>
  );
}

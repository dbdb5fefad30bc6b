/**
 * An answer on the member-linked list (spec 02 §2), shown with the lookup's own card, so 変更 and
 * キャンセル follow the lookup's rules (answerActions, the cancel deadline). Reading: the resident's
 * own answers to a linked form are their lookup with no conditions (filterQuery answers all of
 * the resident's rows of the form), so details and cancel are the lookup's pages, and they lead
 * back to the member list. src/app composes it into the member list (features stay apart).
 */
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { ResultRow } from '@core/contract/survey';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { getSession } from '../../lib/session';
import { answersOf } from './answers';
import { AnswerCard, type CardTarget } from './answer-card';
import { saveSearch, saveTarget } from './store';

export interface LinkedAnswerCardProps {
  config: ServedSurveyConfig;
  /** The resident's rows of the form, all of them (kept as the lookup's search). */
  rows: readonly ResultRow[];
  partitionKey: string;
  /** The member list's path, where details and cancel lead back to. */
  back: string;
}

export function LinkedAnswerCard({ config, rows, partitionKey, back }: LinkedAnswerCardProps) {
  const navigate = useNavigate();
  const answer = useMemo(() => answersOf(config, rows).find((a) => a.partitionKey === partitionKey) ?? null, [config, rows, partitionKey]);
  if (!answer) return null;
  const open = (to: CardTarget) => {
    saveSearch({ surveyId: config.surveyId, conditions: {}, userId: getSession()?.profile.userId ?? '', rows: [...rows] });
    saveTarget({ surveyId: config.surveyId, partitionKey, back });
    void navigate({ to });
  };
  return (
    <AnswerCard
      answer={answer}
      config={config}
      onEdit={() => void navigate({ to: '/survey/$id', params: { id: config.surveyId }, search: { partitionKey } })}
      onOpen={open}
    />
  );
}

/**
 * The edit page's cancel deadline (spec 01 §4, §8): past it the server refuses any change of the
 * answer, so the form opens read-only with the spec's text rather than refusing after the dialog.
 * The calendar code is loaded only for an edited answer holding a reservation.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import { todayInTokyo } from '@core/ja/date-input';
import { isReservationItem } from '@core/rules/reservation-value';
import type { EditedAnswer } from './edit';

/**
 * Whether the edited answer's reservation is past its deadline; undefined while that is read (the
 * form waits: its items cannot turn read-only once drawn). false when there is nothing to judge,
 * or the calendar cannot be read (the server decides on the write).
 */
export const useEditDeadlinePassed = (config: ServedSurveyConfig | undefined, edited: EditedAnswer | null): boolean | undefined => {
  const queryClient = useQueryClient();
  const item = config?.surveySchema.find(isReservationItem);
  const stored = item && edited?.actions.canEdit ? edited.values[item.itemKey] : undefined;
  const raw = typeof stored === 'string' ? stored : '';
  const [passed, setPassed] = useState<{ raw: string; passed: boolean } | null>(null);
  useEffect(() => {
    if (!raw) return;
    let live = true;
    void import('../../calendar/deadline')
      .then((m) => m.fetchDeadlinePassed(queryClient, raw, todayInTokyo()))
      .then((p) => live && setPassed({ raw, passed: p === true }));
    return () => {
      live = false;
    };
  }, [queryClient, raw]);
  if (raw === '') return false;
  return passed?.raw === raw ? passed.passed : undefined;
};

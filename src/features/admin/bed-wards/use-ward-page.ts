/**
 * What the ward page holds besides the server's answer: the first night shown (from the URL,
 * today in Asia/Tokyo without one) and the moves a week back or on.
 */
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Temporal } from 'temporal-polyfill';
import { todayInTokyo } from '@core/ja/date-input';
import { useStaffMe } from '../staff-queries';
import { useWardNights } from './ward-queries';

/** How far 前の7日 / 次の7日 move the run of nights. */
const STEP_DAYS = 7;

export const useWardPage = () => {
  const { surveyId } = useParams({ from: '/admin/bed-wards/$surveyId' });
  const search = useSearch({ from: '/admin/bed-wards/$surveyId' });
  const navigate = useNavigate();
  const today = todayInTokyo().toString();
  const from = search.from ?? today;
  const me = useStaffMe();
  const ward = useWardNights(surveyId, from, Boolean(me.data));
  const goTo = (d: string) => void navigate({ to: '/admin/bed-wards/$surveyId', params: { surveyId }, search: d === today ? {} : { from: d } });
  const shift = (days: number) => goTo(Temporal.PlainDate.from(from).add({ days }).toString());
  return {
    surveyId,
    from,
    today,
    me,
    ward,
    goTo,
    earlier: () => shift(-STEP_DAYS),
    later: () => shift(STEP_DAYS),
  };
};

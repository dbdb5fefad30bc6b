/**
 * The bed wards' server state: the wards within reach, and one ward's nights from a day (read
 * again every 30 seconds while the page is open and visible, so stays booked meanwhile appear).
 */
import { useQuery } from '@tanstack/react-query';
import { staffBedWards, staffWardNights } from '@core/contract/staff-bed-wards';
import { call, unwrap } from '../../../lib/api';

const once = { retry: { maxAttempts: 1 } } as const;
const LIVE_MS = 30_000;

export const useStaffWards = (enabled: boolean) =>
  useQuery({ queryKey: ['staff', 'bed-wards'], queryFn: async () => unwrap(await call(staffBedWards, {}, once)).wards, enabled });

export const useWardNights = (surveyId: string, from: string, enabled: boolean) =>
  useQuery({
    queryKey: ['staff', 'bed-ward', surveyId, from],
    queryFn: async () => unwrap(await call(staffWardNights, { params: { surveyId }, query: { from } }, once)),
    enabled,
    refetchInterval: LIVE_MS,
    refetchIntervalInBackground: false,
    placeholderData: (previous) => (previous?.surveyId === surveyId ? previous : undefined),
  });

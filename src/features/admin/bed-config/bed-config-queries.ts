/** A bed ward's configuration as the console reads it, and its save. Memory only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffBedWardConfig, staffBedWardConfigSave } from '@core/contract/staff-bed-config';
import type { BedRange } from '@core/rules/bed-ward-edits';
import { call, unwrap } from '../../../lib/api';

const once = { retry: { maxAttempts: 1 } } as const;

export const useBedWardConfig = (surveyId: string, enabled: boolean) =>
  useQuery({ queryKey: ['staff', 'bed-config', surveyId], queryFn: async () => unwrap(await call(staffBedWardConfig, { params: { surveyId } }, once)), enabled });

export interface BedSave {
  version: number;
  reservationPossibleStart: number;
  reservationCancelLimit: number;
  ranges: BedRange[];
  /** The whole list, only when staff changed it. */
  beds?: { bedId: string; bedName: string }[];
  confirm: boolean;
}

export const useBedWardSave = (surveyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BedSave) => unwrap(await call(staffBedWardConfigSave, { params: { surveyId }, body }, once)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'bed-config', surveyId] }),
  });
};

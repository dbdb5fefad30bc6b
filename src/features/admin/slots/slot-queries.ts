/** A calendar's slot grid as the console reads it, and its saves (from the grid or a CSV). Memory only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffSlotCsv, staffSlotGrid, staffSlotSave } from '@core/contract/staff-slots';
import type { SlotEdits } from '@core/rules/slot-edits';
import { call, unwrap } from '../../../lib/api';

const once = { retry: { maxAttempts: 1 } } as const;
export const GRID_DAYS = 14;

export const useSlotGrid = (calendarId: string, from: string, enabled: boolean) =>
  useQuery({
    queryKey: ['staff', 'slots', calendarId, from],
    queryFn: async () => unwrap(await call(staffSlotGrid, { params: { calendarId }, query: { from, days: GRID_DAYS } }, once)),
    enabled,
    placeholderData: (previous) => (previous?.calendarId === calendarId ? previous : undefined),
  });

export type SaveRequest = { kind: 'grid'; version: number; edits: SlotEdits; confirm: boolean } | { kind: 'csv'; version: number; csv: string; confirm: boolean };

export const useSlotSave = (calendarId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (r: SaveRequest) =>
      r.kind === 'grid'
        ? unwrap(await call(staffSlotSave, { params: { calendarId }, body: { version: r.version, quotas: r.edits.quotas, dayOffs: r.edits.dayOffs, confirm: r.confirm } }, once))
        : unwrap(await call(staffSlotCsv, { params: { calendarId }, body: { version: r.version, csv: r.csv, confirm: r.confirm } }, once)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'slots', calendarId] }),
  });
};

/** A form's config, its versions and their writes, as the console's form editor reads them. Memory only. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffFormConfig, staffFormRollback, staffFormSave, staffFormStatus, staffFormVersion, staffFormVersions } from '@core/contract/staff-forms';
import { call, unwrap } from '../../../lib/api';

const once = { retry: { maxAttempts: 1 } } as const;
const key = (surveyId: string) => ['staff', 'form-config', surveyId] as const;

export const useFormConfig = (surveyId: string, enabled: boolean) =>
  useQuery({ queryKey: [...key(surveyId), 'current'], queryFn: async () => unwrap(await call(staffFormConfig, { params: { surveyId } }, once)), enabled });

export const useFormVersions = (surveyId: string, enabled: boolean) =>
  useQuery({ queryKey: [...key(surveyId), 'versions'], queryFn: async () => unwrap(await call(staffFormVersions, { params: { surveyId } }, once)), enabled });

export const useFormVersion = (surveyId: string, version: number | null) =>
  useQuery({
    queryKey: [...key(surveyId), 'version', version],
    queryFn: async () => unwrap(await call(staffFormVersion, { params: { surveyId, version: version ?? 0 } }, once)),
    enabled: version !== null,
    // A saved version never changes.
    staleTime: Infinity,
  });

export type FormWrite =
  | { kind: 'save'; version: number; config: unknown; note: string }
  | { kind: 'status'; version: number; status: 'enabled' | 'disabled' }
  | { kind: 'rollback'; version: number; to: number };

export const useFormWrite = (surveyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (w: FormWrite) => {
      if (w.kind === 'save') return unwrap(await call(staffFormSave, { params: { surveyId }, body: { version: w.version, config: w.config, ...(w.note ? { note: w.note } : {}) } }, once));
      if (w.kind === 'status') return unwrap(await call(staffFormStatus, { params: { surveyId }, body: { version: w.version, status: w.status } }, once));
      return unwrap(await call(staffFormRollback, { params: { surveyId }, body: { version: w.version, to: w.to } }, once));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(surveyId) }),
  });
};

/**
 * The member config screen's state: the config read, its JSON text and lastResultNumber as
 * edited, and the save under the read version. The number field and the JSON are one config: the
 * field's value is written into the JSON sent.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffMemberConfig, staffMemberConfigSave } from '@core/contract/staff-member-config';
import { call, unwrap } from '../../../lib/api';
import { isApiClientError } from '../../../lib/api-error';

const once = { retry: { maxAttempts: 1 } } as const;

const parsed = (text: string): Record<string, unknown> | null => {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

export const useMemberConfig = (surveyId: string, enabled: boolean) => {
  const queryClient = useQueryClient();
  const key = ['staff', 'member-config', surveyId];
  const read = useQuery({ queryKey: key, queryFn: async () => unwrap(await call(staffMemberConfig, { params: { surveyId } }, once)), enabled });
  const [text, setText] = useState('');
  const [number, setNumber] = useState('');
  const data = read.data;
  useEffect(() => {
    if (!data) return;
    const { lastResultNumber: _shownApart, ...rest } = data.config;
    setText(JSON.stringify(rest, null, 2));
    setNumber(String(data.lastResultNumber));
  }, [data]);
  const save = useMutation({
    mutationFn: async (a: { version: number; config: Record<string, unknown> }) =>
      unwrap(await call(staffMemberConfigSave, { params: { surveyId }, body: { version: a.version, configJson: JSON.stringify(a.config) } }, once)),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const config = parsed(text);
  const lastResultNumber = /^\d{1,7}$/.test(number.trim()) ? Number(number.trim()) : null;
  const send = () => {
    if (!data || !config || lastResultNumber === null) return;
    save.mutate({ version: data.version, config: { ...config, lastResultNumber } });
  };
  const issues = isApiClientError(save.error) ? save.error.issues : [];
  const stale = isApiClientError(save.error) && save.error.code === 'config_stale';
  const reload = () => {
    save.reset();
    void read.refetch();
  };
  return { read, text, setText, number, setNumber, config, lastResultNumber, send, save, issues, stale, reload };
};

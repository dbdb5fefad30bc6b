/**
 * The form editor's state: one draft of the whole config, edited by the structured fields and the
 * JSON text alike (a text that is not JSON keeps the last draft that was), saved whole under the
 * version it was read at. A refused save's problems stay beside their fields until the next write.
 */
import { useEffect, useMemo, useState } from 'react';
import { isApiClientError } from '../../../lib/api-error';
import { prettyJson, readDraftText, type DraftConfig } from './draft-json';
import { useFormConfig, useFormWrite, type FormWrite } from './form-queries';

export const useFormEditor = (surveyId: string, enabled: boolean) => {
  const current = useFormConfig(surveyId, enabled);
  const write = useFormWrite(surveyId);
  const base = current.data;
  const [draft, setDraft] = useState<DraftConfig | null>(null);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [last, setLast] = useState<{ w: FormWrite; version: number; changed: boolean } | null>(null);
  const [seen, setSeen] = useState<number | null>(null);

  const reset = (config: DraftConfig) => {
    setDraft(config);
    setText(prettyJson(config));
    setTextError(null);
  };
  // A newly read version (first read, after a save or a reload) starts the draft afresh.
  useEffect(() => {
    if (base && base.version !== seen) {
      setSeen(base.version);
      reset(base.config);
    }
  }, [base, seen]);

  const dirty = useMemo(() => Boolean(base && draft && prettyJson(base.config) !== prettyJson(draft)), [base, draft]);
  const problems = isApiClientError(write.error) && write.error.code === 'form_invalid' ? write.error.issues : [];

  const run = (w: FormWrite) =>
    write.mutate(w, { onSuccess: (r) => setLast({ w, version: r.version, changed: r.changed }), onError: () => setLast(null) });

  return {
    current,
    draft,
    text,
    textError,
    dirty,
    problems,
    /** Sets one top-level field; undefined removes it. */
    setField: (field: string, value: unknown) => {
      if (!draft) return;
      const next: DraftConfig = { ...draft };
      if (value === undefined) delete next[field];
      else next[field] = value;
      reset(next);
    },
    setText: (t: string) => {
      setText(t);
      const r = readDraftText(t);
      if (r.ok) {
        setDraft(r.draft);
        setTextError(null);
      } else setTextError(r.reason);
    },
    save: (note: string) => base && draft && run({ kind: 'save', version: base.version, config: draft, note }),
    setStatus: (status: 'enabled' | 'disabled') => base && run({ kind: 'status', version: base.version, status }),
    rollback: (to: number) => base && run({ kind: 'rollback', version: base.version, to }),
    discard: () => base && reset(base.config),
    reload: () => {
      write.reset();
      setSeen(null);
      void current.refetch();
    },
    busy: write.isPending,
    error: write.error,
    stale: isApiClientError(write.error) && write.error.code === 'form_stale',
    last,
  };
};

export type FormEditor = ReturnType<typeof useFormEditor>;

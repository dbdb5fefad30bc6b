/**
 * The bed ward form's state: the rule's two numbers, the ranges of nights to set, the beds
 * (use-bed-list.ts), and the save:
 * under the version read; answered with nights below their stays, it waits for staff to confirm;
 * stale, it says so and offers the latest (the form stays as typed).
 */
import { useState } from 'react';
import { isApiClientError } from '../../../lib/api-error';
import { useBedWardConfig, useBedWardSave, type BedSave } from './bed-config-queries';
import { useBedList } from './use-bed-list';

export interface RangeDraft {
  from: string;
  to: string;
  beds: string;
}

const whole = (raw: string): number | null => (/^\d{1,4}$/.test(raw.normalize('NFKC').trim()) ? Number(raw.normalize('NFKC').trim()) : null);

export const useBedConfig = (surveyId: string, enabled: boolean) => {
  const read = useBedWardConfig(surveyId, enabled);
  const save = useBedWardSave(surveyId);
  const [rules, setRules] = useState<{ possibleStart: string; cancelLimit: string } | null>(null);
  const [ranges, setRanges] = useState<RangeDraft[]>([]);
  const [pending, setPending] = useState<BedSave | null>(null);
  const [saved, setSaved] = useState(false);
  const data = read.data;
  const beds = useBedList(data?.bedList);
  const shown = rules ?? { possibleStart: String(data?.reservationPossibleStart ?? ''), cancelLimit: String(data?.reservationCancelLimit ?? '') };
  const request = (): BedSave | null => {
    const possible = whole(shown.possibleStart);
    const cancel = whole(shown.cancelLimit);
    const list = ranges.map((r) => ({ from: r.from, to: r.to, beds: whole(r.beds) }));
    if (!data || possible === null || cancel === null || !beds.valid || list.some((r) => r.beds === null || r.from === '' || r.to === '')) return null;
    const body: BedSave = { version: data.version, reservationPossibleStart: possible, reservationCancelLimit: cancel, ranges: list.map((r) => ({ ...r, beds: r.beds as number })), confirm: false };
    return beds.body ? { ...body, beds: beds.body } : body;
  };
  const send = (body: BedSave) => {
    setSaved(false);
    save.mutate(body, {
      onSuccess: (answer) => {
        if (!answer.saved) return setPending(body);
        setPending(null);
        setRules(null);
        setRanges([]);
        beds.reset();
        setSaved(true);
      },
    });
  };
  return {
    read,
    rules: shown,
    setRule: (k: 'possibleStart' | 'cancelLimit', v: string) => setRules({ ...shown, [k]: v }),
    ranges,
    setRange: (i: number, r: Partial<RangeDraft>) => setRanges(ranges.map((x, j) => (j === i ? { ...x, ...r } : x))),
    addRange: () => setRanges([...ranges, { from: '', to: '', beds: '' }]),
    removeRange: (i: number) => setRanges(ranges.filter((_, j) => j !== i)),
    invalid: (raw: string) => raw !== '' && whole(raw) === null,
    beds,
    changes: rules !== null || ranges.length > 0 || beds.changed,
    valid: request() !== null,
    save: () => {
      const body = request();
      if (body) send(body);
    },
    affected: save.data && !save.data.saved && pending ? save.data.affected : null,
    confirm: () => pending && send({ ...pending, confirm: true }),
    cancelConfirm: () => setPending(null),
    saving: save.isPending,
    saved,
    error: save.error,
    problems: isApiClientError(save.error) && save.error.code === 'bed_ward_invalid' ? save.error.issues : [],
    stale: isApiClientError(save.error) && save.error.code === 'bed_ward_stale',
    reload: () => {
      save.reset();
      void read.refetch();
    },
  };
};

export type BedConfigEditor = ReturnType<typeof useBedConfig>;

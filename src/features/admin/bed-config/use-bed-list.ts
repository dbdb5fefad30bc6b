/**
 * The ward's beds as staff edit them: a name in place, a new bed with its new id, a removal. null
 * until changed, so a save without a change of beds leaves them to the server as they are.
 */
import { useState } from 'react';
import { isBedIdShape } from '@core/rules/bed-stay';

export interface BedDraft {
  bedId: string;
  bedName: string;
  /** Not saved yet: its id may still be taken back by removing the row. */
  added: boolean;
}

export const useBedList = (saved: readonly { bedId: string; bedName: string }[] | undefined) => {
  const [draft, setDraft] = useState<BedDraft[] | null>(null);
  const [newId, setNewId] = useState('');
  const [newName, setNewName] = useState('');
  const list = draft ?? (saved ?? []).map((b) => ({ ...b, added: false }));
  const id = newId.normalize('NFKC').trim();
  const taken = list.some((b) => b.bedId === id);
  const canAdd = isBedIdShape(id) && !taken && newName.trim() !== '';
  return {
    list,
    newId,
    newName,
    setNewId,
    setNewName,
    newIdInvalid: newId !== '' && (!isBedIdShape(id) || taken),
    canAdd,
    rename: (i: number, bedName: string) => setDraft(list.map((b, j) => (j === i ? { ...b, bedName } : b))),
    remove: (i: number) => setDraft(list.filter((_, j) => j !== i)),
    add: () => {
      if (!canAdd) return;
      setDraft([...list, { bedId: id, bedName: newName.trim(), added: true }]);
      setNewId('');
      setNewName('');
    },
    changed: draft !== null,
    valid: list.length > 0 && list.every((b) => b.bedName.trim() !== ''),
    body: draft?.map((b) => ({ bedId: b.bedId, bedName: b.bedName.trim() })),
    reset: () => setDraft(null),
  };
};

export type BedListEditor = ReturnType<typeof useBedList>;

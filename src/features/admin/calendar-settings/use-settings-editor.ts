/**
 * The settings form's state: the draft (the stored settings until staff change a field), the save
 * under the version they were read at, the held bookings it answers when a removed coma holds
 * some, and a stale save's reload (the draft stays on screen, to be saved on the latest version).
 */
import { useState } from 'react';
import { isApiClientError } from '../../../lib/api-error';
import { draftOf, nextComaKey, settingsOf, type ComaDraft, type SettingsDraft } from './settings-draft';
import { useCalendarSettings, useCalendarSettingsSave } from './settings-queries';

export const useSettingsEditor = (calendarId: string, enabled: boolean) => {
  const read = useCalendarSettings(calendarId, enabled);
  const save = useCalendarSettingsSave(calendarId);
  const [changed, setChanged] = useState<SettingsDraft | null>(null);
  const [saved, setSaved] = useState(false);
  const data = read.data;
  const draft = changed ?? (data ? draftOf(data.settings) : null);
  const edit = (next: Partial<SettingsDraft>) => {
    if (!draft) return;
    setSaved(false);
    setChanged({ ...draft, ...next });
  };
  const editComa = (key: string, next: Partial<ComaDraft>) => draft && edit({ comas: draft.comas.map((c) => (c.key === key ? { ...c, ...next } : c)) });
  const settings = draft ? settingsOf(draft) : null;
  return {
    read,
    draft,
    held: data?.held ?? {},
    edit,
    editComa,
    addComa: () => draft && edit({ comas: [...draft.comas, { key: nextComaKey(draft.comas), start: '', end: '' }] }),
    removeComa: (key: string) => draft && edit({ comas: draft.comas.filter((c) => c.key !== key) }),
    changes: changed !== null,
    valid: settings !== null,
    discard: () => {
      setChanged(null);
      save.reset();
    },
    save: () => {
      if (!data || !settings) return;
      setSaved(false);
      save.mutate(
        { version: data.version, settings },
        {
          onSuccess: (answer) => {
            if (!answer.saved) return;
            setChanged(null);
            setSaved(true);
          },
        },
      );
    },
    saving: save.isPending,
    saved,
    heldRemoved: save.data && !save.data.saved ? save.data.held : null,
    closeHeld: () => save.reset(),
    error: save.error,
    problems: isApiClientError(save.error) && save.error.code === 'calendar_settings_invalid' ? save.error.issues : [],
    stale: isApiClientError(save.error) && save.error.code === 'calendar_stale',
    reload: () => {
      save.reset();
      void read.refetch();
    },
  };
};

export type SettingsEditor = ReturnType<typeof useSettingsEditor>;

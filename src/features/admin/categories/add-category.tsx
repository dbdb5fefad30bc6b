/** Adding a category under another (or a 大分類): its name and, when it is booked, its calendar. */
import { useState } from 'react';
import { NativeSelect } from '@mantine/core';
import { jaConsole } from '../../../messages/ja-console';
import type { CategoryEditor } from './category-queries';
import { NameForm } from './name-form';

const t = jaConsole.categoryTree;

export function AddCategory(p: { parent: { id: string; name: string; level: number } | null; calendars: { calendarId: string; name: string }[]; edit: CategoryEditor }) {
  const [calendarId, setCalendarId] = useState('');
  const level = t.levels[p.parent ? p.parent.level : 0] ?? '';
  return (
    <NameForm
      label={p.parent ? t.addChildOf.replace('{name}', p.parent.name).replace('{level}', level) : t.addRootName}
      submit={p.parent ? t.addChild.replace('{level}', level) : t.addRoot}
      busy={p.edit.isPending}
      onSubmit={(name) => p.edit.mutate({ op: 'addCategory', parentId: p.parent?.id ?? null, name, calendarId: calendarId === '' ? null : calendarId })}
    >
      <NativeSelect
        size="xs"
        label={t.childCalendar}
        value={calendarId}
        onChange={(e) => setCalendarId(e.currentTarget.value)}
        data={[{ value: '', label: t.noCalendar }, ...p.calendars.map((c) => ({ value: c.calendarId, label: c.name }))]}
      />
    </NameForm>
  );
}

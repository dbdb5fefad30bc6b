/** A name typed and sent: adding a category or an item, or renaming one. */
import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { CATEGORY_NAME_MAX } from '@core/rules/category-edits';

export function NameForm(p: { label: string; submit: string; initial?: string; busy: boolean; onSubmit: (name: string) => void; children?: React.ReactNode }) {
  const [name, setName] = useState(p.initial ?? '');
  return (
    <Group
      gap="xs"
      align="flex-end"
      component="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        if (name.trim() === '') return;
        p.onSubmit(name);
        setName(p.initial ?? '');
      }}
    >
      <TextInput size="xs" label={p.label} value={name} maxLength={CATEGORY_NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} />
      {p.children}
      <Button size="xs" variant="default" type="submit" disabled={name.trim() === ''} loading={p.busy}>
        {p.submit}
      </Button>
    </Group>
  );
}

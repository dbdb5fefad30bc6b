/** The controls of one category or item: move up and down, rename, hide or show, delete (not while bookings use it). */
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { jaConsole } from '../../../messages/ja-console';
import { NameForm } from './name-form';

const t = jaConsole.categoryTree;

export function RowActions(p: {
  name: string;
  first: boolean;
  last: boolean;
  hidden: boolean;
  inUse: boolean;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onRename: (name: string) => void;
  onHide: (hidden: boolean) => void;
  onRemove: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  return (
    <Group gap={4}>
      <Button size="compact-xs" variant="subtle" aria-label={t.upOf.replace('{name}', p.name)} disabled={p.first || p.busy} onClick={() => p.onMove(-1)}>
        {t.up}
      </Button>
      <Button size="compact-xs" variant="subtle" aria-label={t.downOf.replace('{name}', p.name)} disabled={p.last || p.busy} onClick={() => p.onMove(1)}>
        {t.down}
      </Button>
      <Button size="compact-xs" variant="subtle" onClick={() => setRenaming(!renaming)}>
        {t.rename}
      </Button>
      <Button size="compact-xs" variant="subtle" disabled={p.busy} onClick={() => p.onHide(!p.hidden)}>
        {p.hidden ? t.show : t.hide}
      </Button>
      <Button size="compact-xs" variant="subtle" color="red" aria-label={t.removeOf.replace('{name}', p.name)} disabled={p.inUse || p.busy} onClick={p.onRemove}>
        {t.remove}
      </Button>
      {renaming ? (
        <NameForm
          label={t.renameOf.replace('{name}', p.name)}
          submit={t.renameSave}
          initial={p.name}
          busy={p.busy}
          onSubmit={(name) => {
            setRenaming(false);
            p.onRename(name);
          }}
        />
      ) : null}
    </Group>
  );
}

/**
 * 担当を変更 for one team (or a new one): which forms and calendars it holds, ticked in a dialog;
 * saved as what to add and what to take back, as `npm run staff:team` does.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { useTeamChange, type TeamTarget } from './account-queries';

const t = jaConsole.staffAdmin;

export interface TeamChoices {
  forms: readonly { surveyId: string; title: string }[];
  calendars: readonly { calendarId: string; title: string }[];
}

const keyOf = (x: TeamTarget) => `${x.kind}:${x.id}`;
const targetOf = (key: string): TeamTarget => {
  const at = key.indexOf(':');
  return { kind: key.slice(0, at) === 'calendar' ? 'calendar' : 'survey', id: key.slice(at + 1) };
};

/** `named`: the button names its team (a table row's); a new team's button is named by its text alone. */
export function TeamEdit({ team, held, choices, label, named = true }: { team: string; held: readonly TeamTarget[]; choices: TeamChoices; label: string; named?: boolean }) {
  const change = useTeamChange();
  const [open, setOpen] = useState(false);
  const before = held.map(keyOf);
  const [chosen, setChosen] = useState<string[]>(before);
  const save = () => {
    const add = chosen.filter((k) => !before.includes(k)).map(targetOf);
    const remove = before.filter((k) => !chosen.includes(k)).map(targetOf);
    change.mutate({ team, add, remove }, { onSuccess: () => setOpen(false) });
  };
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        aria-label={named ? fill(t.teamEditLabel, { team }) : undefined}
        disabled={team.trim() === ''}
        onClick={() => {
          setChosen(before);
          change.reset();
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={fill(t.teamEditTitle, { team })} centered size="lg">
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <Checkbox.Group label={t.forms} value={chosen.filter((k) => k.startsWith('survey:'))} onChange={(v) => setChosen([...v, ...chosen.filter((k) => k.startsWith('calendar:'))])}>
              <Stack gap={4} mt={4}>
                {choices.forms.map((f) => (
                  <Checkbox key={f.surveyId} value={`survey:${f.surveyId}`} label={f.title} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Checkbox.Group label={t.calendars} value={chosen.filter((k) => k.startsWith('calendar:'))} onChange={(v) => setChosen([...chosen.filter((k) => k.startsWith('survey:')), ...v])}>
              <Stack gap={4} mt={4}>
                {choices.calendars.map((c) => (
                  <Checkbox key={c.calendarId} value={`calendar:${c.calendarId}`} label={c.title} />
                ))}
              </Stack>
            </Checkbox.Group>
          </SimpleGrid>
          {change.error ? (
            <Alert color="red" role="alert">
              {change.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t.cancel}
            </Button>
            <Button onClick={save} loading={change.isPending}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

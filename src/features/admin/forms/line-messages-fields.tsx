/**
 * The form editor's 「LINEメッセージ」 tab: the kinds the form sends, its reminders, the statuses
 * it announces with their texts, and each kind's template with a live preview. It edits the
 * draft's `lineMessages`; the server checks it on save and its problems are listed here.
 */
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import type { Issue } from '@core/contract/envelope';
import { CHECK_STATUSES } from '@core/contract/result-rows';
import { MESSAGE_KINDS } from '@core/messages/kinds';
import { kindApplies } from '@core/messages/settings';
import { KIND_LABELS } from '@core/messages/texts';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { ReminderRows } from '../line-messages/reminder-rows';
import { pathIn, type DraftConfig } from './draft-json';
import { ProblemList } from './json-tab';
import { announceOf, appliesShapeOf, lineDraftOf, remindersOf, sendOf, withKey } from './line-draft';
import { LineTemplateFields } from './line-template-fields';

const t = jaConsole.lineMessages;
export const LINE_FIELD = 'lineMessages';

interface Props {
  draft: DraftConfig;
  problems: readonly Issue[];
  onChange: (field: string, value: unknown) => void;
}

export function LineMessagesFields({ draft, problems, onChange }: Props) {
  const lm = lineDraftOf(draft);
  const set = (key: string, value: unknown) => onChange(LINE_FIELD, withKey(lm, key, value));
  const send = sendOf(lm);
  const shape = appliesShapeOf(draft);
  const announce = announceOf(lm);
  const setAnnounce = (rows: { status: string; text: string }[]) => set('announce', rows.length > 0 ? rows : undefined);
  const mine = problems.filter((p) => pathIn(p.path, LINE_FIELD));
  const title = typeof draft['surveyTitle'] === 'string' ? draft['surveyTitle'] : '';
  return (
    <Stack gap="md" data-testid="line-messages">
      <Text size="sm">{t.help}</Text>
      {mine.length > 0 ? <ProblemList problems={mine} intro={t.problems} /> : null}
      <Title order={2} size="h5">
        {t.kinds}
      </Title>
      <SimpleGrid cols={2} spacing="xs">
        {MESSAGE_KINDS.map((k) => {
          // status_changed applies once a status is announced, which this tab's list decides.
          const applies = k === 'status_changed' || kindApplies(shape, k);
          return (
            <Checkbox
              key={k}
              label={KIND_LABELS[k]}
              description={applies ? undefined : t.notApplies}
              disabled={!applies}
              checked={applies && send[k] !== false}
              onChange={(e) => {
                const next = { ...send };
                if (e.currentTarget.checked) delete next[k];
                else next[k] = false;
                set('send', Object.keys(next).length > 0 ? next : undefined);
              }}
            />
          );
        })}
      </SimpleGrid>
      <Title order={2} size="h5">
        {t.reminders}
      </Title>
      <Text size="xs" c="dimmed">
        {t.remindersHelp}
      </Text>
      <ReminderRows rows={remindersOf(lm)} onChange={(rows) => set('reminders', rows)} />
      <Title order={2} size="h5">
        {t.announce}
      </Title>
      <Text size="xs" c="dimmed">
        {t.announceHelp}
      </Text>
      <Stack gap="xs" data-testid="announce-rows">
        {announce.map((a, i) => (
          <Group key={i} gap="xs" align="flex-end" wrap="nowrap" data-testid="announce">
            <NativeSelect
              label={t.status}
              aria-label={fill(t.statusOf, { n: i + 1 })}
              value={a.status}
              data={CHECK_STATUSES.map((s) => ({ value: s, label: s }))}
              onChange={(e) => setAnnounce(announce.map((x, j) => (j === i ? { ...x, status: e.currentTarget.value } : x)))}
            />
            <Textarea
              label={t.text}
              aria-label={fill(t.textOf, { n: i + 1 })}
              value={a.text}
              autosize
              minRows={1}
              style={{ flex: 1 }}
              onChange={(e) => setAnnounce(announce.map((x, j) => (j === i ? { ...x, text: e.currentTarget.value } : x)))}
            />
            <Button size="xs" variant="subtle" color="red" aria-label={fill(t.removeAnnounceOf, { n: i + 1 })} onClick={() => setAnnounce(announce.filter((_, j) => j !== i))}>
              {t.remove}
            </Button>
          </Group>
        ))}
        <Button variant="default" size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => setAnnounce([...announce, { status: '対応済', text: '' }])}>
          {t.addAnnounce}
        </Button>
      </Stack>
      <Title order={2} size="h5">
        {t.templates}
      </Title>
      <LineTemplateFields lm={lm} formTitle={title} onChange={(templates) => set('templates', templates)} />
    </Stack>
  );
}

/** チームの担当: each team with the forms and calendars it holds, its 担当を変更, and a new team's. */
import { useState } from 'react';
import { Group, Table, TextInput } from '@mantine/core';
import { jaConsole } from '../../../messages/ja-console';
import { TeamEdit, type TeamChoices } from './team-edit';

const t = jaConsole.staffAdmin;

export function TeamTable({ teams, choices }: { teams: readonly { team: string; forms: string[]; calendars: string[] }[]; choices: TeamChoices }) {
  const [fresh, setFresh] = useState('');
  const formTitle = new Map(choices.forms.map((f) => [f.surveyId, f.title]));
  const calendarTitle = new Map(choices.calendars.map((c) => [c.calendarId, c.title]));
  return (
    <>
      <Table striped withTableBorder data-testid="team-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.team}</Table.Th>
            <Table.Th>{t.forms}</Table.Th>
            <Table.Th>{t.calendars}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teams.map((x) => (
            <Table.Tr key={x.team} data-testid="team-row" data-team={x.team}>
              <Table.Td fw={500}>{x.team}</Table.Td>
              <Table.Td>{x.forms.length > 0 ? x.forms.map((f) => formTitle.get(f) ?? f).join('、') : t.none}</Table.Td>
              <Table.Td>{x.calendars.length > 0 ? x.calendars.map((c) => calendarTitle.get(c) ?? c).join('、') : t.none}</Table.Td>
              <Table.Td>
                <TeamEdit team={x.team} held={[...x.forms.map((id) => ({ kind: 'survey' as const, id })), ...x.calendars.map((id) => ({ kind: 'calendar' as const, id }))]} choices={choices} label={t.teamEdit} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group align="flex-end">
        <TextInput label={t.newTeam} value={fresh} maxLength={100} onChange={(e) => setFresh(e.currentTarget.value)} />
        <TeamEdit team={fresh.trim()} held={[]} choices={choices} label={t.newTeamAdd} named={false} />
      </Group>
    </>
  );
}

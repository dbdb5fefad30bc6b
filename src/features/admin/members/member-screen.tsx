/**
 * /admin/members/$surveyId/$partitionKey: one member's record — every item answered (the member
 * number grouped) — and the resident's answers on the form's linked forms, each opening its page.
 */
import { Alert, Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams, useSearch } from '@tanstack/react-router';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { useMemberRecord } from './member-queries';
import { MemberLinked } from './member-linked';
import { tokyoMinute } from './member-lines';

const t = jaConsole.member;

export function MemberPage() {
  const { surveyId, partitionKey } = useParams({ from: '/admin/members/$surveyId/$partitionKey' });
  const { q } = useSearch({ from: '/admin/members/$surveyId/$partitionKey' });
  const me = useStaffMe();
  const record = useMemberRecord(surveyId, partitionKey, Boolean(me.data));
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: `/admin/members/${encodeURIComponent(surveyId)}/${encodeURIComponent(partitionKey)}` }} replace />;
  const r = record.data;
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="sm">
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/members/$surveyId" params={{ surveyId }} search={q ? { q } : {}} />}>
          {t.back}
        </Anchor>
        {record.isPending ? <LoadingText /> : null}
        {record.error ? (
          <Alert color="red" variant="light" role="alert">
            {record.error.message}
          </Alert>
        ) : null}
        {r ? (
          <>
            <div>
              <Title order={1} size="h3" data-testid="member-heading">
                {t.heading}
                {r.member.memberNumber ? `（${jaConsole.members.memberNumber} ${r.member.memberNumber}）` : ''}
              </Title>
              <Text size="sm" c="dark.4">
                {r.title} ・ {t.registeredAt} {tokyoMinute(r.member.createdAt)} ・ {t.userId} {r.member.userId}
              </Text>
            </div>
            <Card withBorder maw={760}>
              <Title order={2} size="h5" mb="xs">
                {t.items}
              </Title>
              <Table data-testid="member-items" variant="vertical" layout="fixed" withTableBorder>
                <Table.Tbody>
                  {r.items.map((i) => (
                    <Table.Tr key={i.itemKey} data-item-key={i.itemKey}>
                      <Table.Th w="35%">{i.title}</Table.Th>
                      <Table.Td className="app-pre-wrap">{i.value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
            <Card withBorder>
              <Title order={2} size="h5" mb="xs">
                {t.linked}
              </Title>
              <MemberLinked linked={r.linked} />
            </Card>
          </>
        ) : null}
      </Stack>
    </ConsoleFrame>
  );
}

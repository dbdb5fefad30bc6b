/**
 * /admin/forms/$surveyId/a/$key: one answer — its items (admin items marked), the reservation, the
 * order and payment, its files (downloaded through the server's check for staff of the team), the
 * member number and the history.
 */
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { fileUrlOf, useAnswerPage } from './answer-queries';
import { AnswerSide } from './answer-side';
import { StatusChip } from '../status/status-chip';
import { AnswerStatusControl } from '../status/answer-status-control';

const t = jaConsole.answer;


export function AnswerPage() {
  const { surveyId, key } = useParams({ from: '/admin/forms/$surveyId/a/$key' });
  const me = useStaffMe();
  const answer = useAnswerPage(surveyId, key);
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: '/admin' }} replace />;
  const a = answer.data;
  const download = async (fileId: string) => window.open(await fileUrlOf(surveyId, key, fileId), '_blank', 'noopener');
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="sm">
        <Anchor component={Link} to={`/admin/forms/${encodeURIComponent(surveyId)}`} size="sm">
          {t.back}
        </Anchor>
        {answer.isPending ? <LoadingText /> : null}
        {answer.error ? <Alert color="red">{answer.error.message}</Alert> : null}
        {a ? (
          <>
            <Group gap="sm" align="center">
              <Title order={1} size="h3">
                {t.heading} {a.answerCode ? `（${jaConsole.answers.answerCode} ${a.answerCode}）` : ''}
              </Title>
              <span data-testid="answer-status">
                <StatusChip status={a.status} />
              </span>
            </Group>
            <AnswerStatusControl surveyId={surveyId} partitionKey={key} role={me.data.role} />
            <Text size="sm" c="dimmed">
              {a.title} ・ {t.registrant} {a.registrantName} ・ {t.userId} {a.userId}
              {a.memberNumber ? ` ・ ${t.memberNumber} ${a.memberNumber}` : ''}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              <Card withBorder>
                <Title order={2} size="h5" mb="xs">
                  {t.items}
                </Title>
                <Table data-testid="answer-items" variant="vertical" layout="fixed" withTableBorder>
                  <Table.Tbody>
                    {a.items.map((i) => (
                      <Table.Tr key={i.itemKey}>
                        <Table.Th w="40%">
                          {i.title}
                          {i.isAdminItem ? (
                            <Badge ml={6} size="xs" variant="outline" color="dark">
                              {t.adminItem}
                            </Badge>
                          ) : null}
                        </Table.Th>
                        <Table.Td className="app-pre-wrap">{i.display}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {a.files.length > 0 ? (
                  <Stack gap={4} mt="sm">
                    <Title order={3} size="h6">
                      {t.files}
                    </Title>
                    {a.files.map((f) => (
                      <Group key={f.fileId} gap="xs">
                        <Text size="sm">{f.name}</Text>
                        <Button size="compact-xs" variant="light" disabled={f.status !== 'Completed'} onClick={() => void download(f.fileId)}>
                          {t.download}
                        </Button>
                      </Group>
                    ))}
                  </Stack>
                ) : null}
              </Card>
              <AnswerSide answer={a} role={me.data.role} />
            </SimpleGrid>
          </>
        ) : null}
      </Stack>
    </ConsoleFrame>
  );
}

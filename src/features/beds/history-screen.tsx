/**
 * /bed-reservation-list/{id} (spec 02 §2): the resident's stays with their status chip (未対応 shown
 * as tentative, 対応済 as confirmed), admission date with weekday and session, discharge date; a
 * detail modal leads to changing the stay, its dates, or cancelling it. The cancel deadline is
 * checked here with the server's rule (core/rules/bed-stay.ts) before anything is sent.
 */
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { BedReservation } from '@core/contract/bed';
import { todayInTokyo } from '@core/ja/date-input';
import { bedNameOf, isBedDeadlinePassed, parseDateWithSession } from '@core/rules/bed-stay';
import { getSession, getStoredUserId } from '../../lib/session';
import { ResidentHeader } from '../../ui/resident-header';
import { ja } from '../../messages/ja';
import { jaScreens } from '../../messages/ja-screens';
import { getOutbox } from '../../offline/runtime';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { readDateText } from '../../lib/ja-dates';
import { BED_CALENDAR_KEY, bedBedsQuery, bedFormQuery, bedHistoryQuery, bedRuleQuery } from './queries';
import { bedErrorText } from './bed-error';
import { sendCancel } from './send';

const LIVE = new Set(['未対応', '対応中', '対応済', '保留', '変更あり']);

const chipOf = (check: string): { label: string; color: string } => {
  if (check === '未対応') return { label: jaScreens.bed.tentative, color: 'yellow.4' };
  if (check === '対応済') return { label: jaScreens.bed.confirmed, color: 'green.9' };
  if (check === 'キャンセル') return { label: jaScreens.bed.cancelled, color: 'gray.3' };
  return { label: check, color: 'blue.9' };
};

export function HistoryScreen({ surveyId }: { surveyId: string }) {
  const userId = getStoredUserId() ?? '';
  const queryClient = useQueryClient();
  const config = useQuery(bedFormQuery(surveyId));
  const rule = useQuery(bedRuleQuery(surveyId));
  const history = useQuery(bedHistoryQuery(surveyId, userId));
  const picksBed = config.data?.data.surveySchema.some((i) => i.type === 'selectBed') ?? false;
  // A chosen bed reads by its name; while the names load (or if they cannot), by its id.
  const beds = useQuery({ ...bedBedsQuery(surveyId), enabled: picksBed });
  const [open, setOpen] = useState<BedReservation | null>(null);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (config.isError || rule.isError || history.isError) return <LoadError error={config.error ?? rule.error ?? history.error} unknown={jaScreens.bed.unknownError} />;
  if (config.isPending || rule.isPending || history.isPending) return <LoadingText />;
  const items = new Map(config.data.data.surveySchema.map((i) => [i.itemKey, i]));
  const valueOf = (f: { itemKey: string; value: string }) => (items.get(f.itemKey)?.type === 'selectBed' ? bedNameOf(beds.data?.data ?? [], f.value) : f.value);
  const nameOf = (s: BedReservation) => s.fields[0]?.value ?? '';

  const close = () => {
    setOpen(null);
    setAsking(false);
    setError(null);
  };

  const deadlinePassedOf = (s: BedReservation) => {
    const start = parseDateWithSession(s.startDate);
    return start !== undefined && isBedDeadlinePassed(start.date, rule.data.data, todayInTokyo());
  };

  const cancel = async (s: BedReservation) => {
    if (deadlinePassedOf(s)) {
      setError(jaScreens.bed.deadlinePassed);
      return;
    }
    try {
      const entry = await sendCancel(getOutbox(), { surveyId, title: config.data.data.surveyTitle, partitionKey: s.partitionKey });
      setNotice(entry.status === 'delivered' ? jaScreens.bed.cancelDone : jaScreens.bed.queued);
      close();
      await queryClient.invalidateQueries({ queryKey: ['bed', 'history', surveyId] });
      await queryClient.invalidateQueries({ queryKey: BED_CALENDAR_KEY });
    } catch (e) {
      setError(bedErrorText(e));
    }
  };

  const profile = getSession()?.profile;
  return (
    <Stack gap="md">
      {profile ? <ResidentHeader profile={profile} /> : null}
      <Title order={1} size="h3">
        {jaScreens.bed.historyTitle}
      </Title>
      {notice ? (
        <Alert color="green" data-testid="bed-notice">
          {notice}
        </Alert>
      ) : null}
      {history.data.length === 0 ? <Text c="dimmed">{jaScreens.bed.historyEmpty}</Text> : null}
      <Stack gap="sm" component="ul" className="app-plain-list">
        {history.data.map((s) => {
          const chip = chipOf(s.check);
          return (
            <li key={s.partitionKey}>
              <Card withBorder padding="sm" data-testid="bed-history-item">
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{nameOf(s)}</Text>
                    <Badge color={chip.color} variant="filled" autoContrast>
                      {chip.label}
                    </Badge>
                  </Group>
                  <Text size="sm">
                    {jaScreens.bed.admission}: {readDateText(s.startDate)}
                  </Text>
                  <Text size="sm">
                    {jaScreens.bed.discharge}: {readDateText(s.endDate)}
                  </Text>
                  <Button variant="light" size="xs" onClick={() => setOpen(s)}>
                    {jaScreens.bed.detailTitle}
                  </Button>
                </Stack>
              </Card>
            </li>
          );
        })}
      </Stack>
      <Modal opened={open !== null} onClose={close} title={jaScreens.bed.detailTitle} size={430} closeButtonProps={{ 'aria-label': ja.common.closeDialog }}>
        {open ? (
          <Stack gap="sm" data-testid="bed-detail">
            {error ? (
              <Alert color="red" role="alert" data-testid="bed-error">
                {error}
              </Alert>
            ) : null}
            {/* Admin items are not the resident's to see (spec 01 §6); the stay's dates always are. */}
            {open.fields
              .filter((f) => !items.get(f.itemKey)?.isAdminItem)
              .map((f) => (
                <Text key={f.itemKey} size="sm">
                  {items.get(f.itemKey)?.title ?? f.itemKey}: {valueOf(f)}
                </Text>
              ))}
            <Text size="sm">
              {jaScreens.bed.admission}: {readDateText(open.startDate)}
            </Text>
            <Text size="sm">
              {jaScreens.bed.discharge}: {readDateText(open.endDate)}
            </Text>
            {LIVE.has(open.check) && deadlinePassedOf(open) ? (
              // Past the deadline the stay can no longer change: said instead of offering what would be refused.
              <Alert color="gray" variant="light" data-testid="bed-deadline">
                {jaScreens.bed.deadlinePassed}
              </Alert>
            ) : LIVE.has(open.check) ? (
              asking ? (
                <Stack gap="xs">
                  <Text>{jaScreens.bed.cancelConfirm}</Text>
                  <Group justify="flex-end">
                    <Button variant="default" onClick={() => setAsking(false)}>
                      {jaScreens.bed.cancelNo}
                    </Button>
                    <Button color="red" onClick={() => void cancel(open)}>
                      {jaScreens.bed.cancelYes}
                    </Button>
                  </Group>
                </Stack>
              ) : (
                <Stack gap="xs">
                  <Button renderRoot={(p) => <Link {...p} to="/bed-reservation/$id" params={{ id: surveyId }} search={{ partitionKey: open.partitionKey }} />}>
                    {jaScreens.bed.edit}
                  </Button>
                  <Button
                    variant="light"
                    renderRoot={(p) => <Link {...p} to="/bed-reservation/$id" params={{ id: surveyId }} search={{ partitionKey: open.partitionKey, dates: '1' }} />}
                  >
                    {jaScreens.bed.changeDates}
                  </Button>
                  <Button variant="default" color="red" onClick={() => setAsking(true)}>
                    {jaScreens.bed.cancelStay}
                  </Button>
                </Stack>
              )
            ) : null}
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

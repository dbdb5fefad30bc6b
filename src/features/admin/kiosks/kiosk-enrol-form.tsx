/**
 * 登録コードを発行する: a name, the forms (those within reach) and an optional idle time. The
 * server checks each form again; a refusal is shown in its words with the unfit forms' reasons.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { KIOSK_IDLE_MAX_SECONDS, KIOSK_IDLE_MIN_SECONDS, KIOSK_NAME_MAX } from '@core/rules/kiosk-enrolment';
import { isApiClientError } from '../../../lib/api-error';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { EnrolledCode } from './enrolled-code';
import { useKioskEnrol } from './kiosk-queries';

const t = jaConsole.kiosks;

export function KioskEnrolForm({ forms, defaultIdleSeconds }: { forms: readonly { surveyId: string; title: string }[]; defaultIdleSeconds: number }) {
  const enrol = useKioskEnrol();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [idle, setIdle] = useState('');
  const idleSeconds = idle.trim() === '' ? null : Number(idle);
  const idleOk = idleSeconds === null || (Number.isInteger(idleSeconds) && idleSeconds >= KIOSK_IDLE_MIN_SECONDS && idleSeconds <= KIOSK_IDLE_MAX_SECONDS);
  const send = () => enrol.mutate({ name: name.trim(), forms: chosen, idleSeconds }, { onSuccess: () => setName('') });
  const issues = isApiClientError(enrol.error) ? (enrol.error.issues ?? []) : [];
  return (
    <Stack gap="sm" maw={640}>
      <TextInput label={t.name} value={name} maxLength={KIOSK_NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} required />
      {forms.length === 0 ? <Text c="dimmed">{t.noForms}</Text> : null}
      <Checkbox.Group label={t.forms} value={chosen} onChange={setChosen}>
        <Stack gap={4} mt={4}>
          {forms.map((f) => (
            <Checkbox key={f.surveyId} value={f.surveyId} label={`${f.title}（${f.surveyId}）`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput
        label={t.idle}
        description={fill(t.idleHint, { seconds: defaultIdleSeconds })}
        inputMode="numeric"
        value={idle}
        onChange={(e) => setIdle(e.currentTarget.value)}
        error={idleOk ? undefined : fill(t.idleHint, { seconds: defaultIdleSeconds })}
        w={240}
      />
      <Group>
        <Button onClick={send} disabled={name.trim() === '' || chosen.length === 0 || !idleOk} loading={enrol.isPending}>
          {t.enrol}
        </Button>
      </Group>
      {enrol.error ? (
        <Alert color="red" role="alert">
          {enrol.error.message}
          {issues.map((i) => (
            <Text key={i.path} size="sm">
              {i.path}：{i.message}
            </Text>
          ))}
        </Alert>
      ) : null}
      {enrol.data ? <EnrolledCode enrolled={enrol.data} /> : null}
    </Stack>
  );
}

import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { isTransportFailure } from '../../lib/api-error';
import { appConfigQueryKey, fetchAppConfig } from '../../lib/app-config';
import { defaultLoginDeps, performLogin, type LoginSearch } from '../../lib/login';
import type { SessionProfile } from '../../lib/session';
import { ja } from '../../messages/ja';
import { ErrorCard } from '../../ui/error-card';
import { errorDetailFor, errorLinesFor, rawErrorDetail } from '../../ui/error-text';
import { LoadingText } from '../../ui/loading-text';
import { MessageLines } from '../../ui/message-lines';
import { ResidentHeader } from '../../ui/resident-header';

type Phase =
  | { kind: 'working' }
  | { kind: 'signed-in'; profile: SessionProfile }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; error: unknown };

const restart = () => window.location.assign('/login');

export function LoginScreen({ search }: { search: LoginSearch }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  // An authorization code is single-use: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const deps = defaultLoginDeps(() =>
      queryClient.fetchQuery({
        queryKey: appConfigQueryKey,
        queryFn: ({ signal }) => fetchAppConfig(signal),
        staleTime: Infinity,
      }),
    );
    performLogin(search, deps).then(
      (outcome) => {
        if (outcome.kind === 'navigate') {
          setPhase({ kind: 'signed-in', profile: outcome.session.profile });
          void router.navigate({ href: outcome.to, replace: true });
        } else if (outcome.kind === 'error') {
          setPhase({ kind: 'refused', message: outcome.reason === 'denied' ? ja.login.denied : ja.login.stateMismatch });
        }
        // 'redirected': the browser is leaving for LINE Login; keep showing the progress text.
      },
      (error: unknown) => setPhase({ kind: 'failed', error }),
    );
  }, [queryClient, router, search]);

  const retry = (
    <Button variant="light" onClick={restart}>
      {ja.login.retry}
    </Button>
  );

  switch (phase.kind) {
    case 'working':
      return <LoadingText text={ja.login.inProgress} />;
    case 'signed-in':
      return (
        <Stack gap="md" align="center" py="xl">
          <ResidentHeader profile={phase.profile} />
          <Text>{ja.login.inProgress}</Text>
        </Stack>
      );
    case 'refused':
      return <ErrorCard message={phase.message} action={retry} />;
    case 'failed': {
      // Only transport failures have catalogue text here; a 404 from the token call is not "本帳票が無効".
      const transport = isTransportFailure(phase.error);
      const lines = transport ? errorLinesFor(phase.error) : null;
      return lines ? (
        <Stack gap="md">
          <MessageLines lines={lines} />
          {retry}
        </Stack>
      ) : (
        <ErrorCard detail={errorDetailFor(phase.error)} rawDetail={rawErrorDetail(phase.error)} action={retry} />
      );
    }
  }
}

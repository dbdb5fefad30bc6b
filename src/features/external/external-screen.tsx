import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { appConfigQueryKey, fetchAppConfig } from '../../lib/app-config';
import { ja } from '../../messages/ja';
import { LoadingText } from '../../ui/loading-text';
import { decideExternal, type ExternalDecision } from './external-target';
import { leaveFor } from './leave';

/** A weak connection should not hold a resident on a loading text for the spec's 30 s. */
const CONFIG_TIMEOUT_MS = 10_000;

/**
 * The allowed hosts, or null when they cannot be known (offline, the call failed): then the
 * resident is asked. undefined while the answer is on its way.
 */
const useAllowedHosts = (): readonly string[] | null | undefined => {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const config = useQuery({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => fetchAppConfig(signal, undefined, { timeoutMs: CONFIG_TIMEOUT_MS }),
    staleTime: Infinity,
    // TanStack would pause the call offline and keep the screen loading; it must fail instead.
    networkMode: 'always',
    enabled: !offline,
  });
  if (offline || config.isError) return null;
  return config.data?.externalUrlHosts;
};

export function ExternalScreen({ target }: { target: URL }) {
  const hosts = useAllowedHosts();
  const decision = hosts === undefined ? null : decideExternal(target, hosts);
  const redirectTo = decision?.kind === 'redirect' ? decision.href : null;
  useEffect(() => {
    if (redirectTo) leaveFor(redirectTo);
  }, [redirectTo]);
  return decision?.kind === 'confirm' ? <ConfirmLeave decision={decision} /> : <LoadingText />;
}

function ConfirmLeave({ decision }: { decision: Extract<ExternalDecision, { kind: 'confirm' }> }) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  // Opened straight from a link (nothing of ours behind it), 戻る goes to the start page.
  const back = () => (canGoBack ? router.history.back() : void router.navigate({ to: '/', replace: true }));
  return (
    <Stack gap="md" py="xl" data-testid="external-confirm">
      <Title order={1} size="h2">
        {ja.external.title}
      </Title>
      <Text>{ja.external.lead}</Text>
      <Card withBorder padding="md">
        <Text size="sm" c="dimmed">
          {ja.external.destination}
        </Text>
        <Text size="xl" fw={700} data-testid="external-host">
          {decision.host}
        </Text>
        <Text size="xs" c="dimmed" data-testid="external-url">
          {decision.href}
        </Text>
      </Card>
      <Button size="md" onClick={() => leaveFor(decision.href)}>
        {ja.external.go}
      </Button>
      <Button size="md" variant="default" onClick={back}>
        {ja.external.back}
      </Button>
    </Stack>
  );
}

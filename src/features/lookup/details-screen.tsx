/** /confirmDetails (spec 01 §2 Details): the picked answer's non-admin items, date and time. */
import { Button, Stack, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { getSession } from '../../lib/session';
import { ja } from '../../messages/ja';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { ResidentHeader } from '../../ui/resident-header';
import { storedAnswer } from './target';
import { useStoredSearch } from './use-lookup';
import { AnswerFields, DateTimeLines } from './view';

export function DetailsScreen() {
  const navigate = useNavigate();
  const { stored, config } = useStoredSearch();
  const answer = config.data ? storedAnswer(config.data, stored) : null;
  const missing = !stored || (config.isSuccess && !answer);
  useEffect(() => {
    if (missing) void navigate({ to: '/confirm', replace: true });
  }, [missing, navigate]);

  if (missing || config.isPending) return <LoadingText />;
  if (config.isError) return <LoadError error={config.error} />;
  if (!answer) return <LoadingText />;
  const profile = getSession()?.profile;
  return (
    <Stack gap="md" data-testid="lookup-details">
      {profile ? <ResidentHeader profile={profile} /> : null}
      <Title order={1} size="h3">
        {ja.lookup.currentInfo}
      </Title>
      <AnswerFields answer={answer} />
      <DateTimeLines answer={answer} config={config.data} />
      <Button variant="default" onClick={() => void navigate({ to: '/confirmList' })} data-testid="back-to-list">
        {ja.lookup.backToList}
      </Button>
    </Stack>
  );
}

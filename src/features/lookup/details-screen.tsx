/** /confirmDetails (spec 01 §2 Details): the picked answer's non-admin items, date and time. */
import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoadError } from '../../ui/load-error';
import { LoadingText } from '../../ui/loading-text';
import { BackToList } from './back-to-list';
import { storedAnswer } from './target';
import { useStoredSearch } from './use-lookup';
import { CurrentInfo } from './view';

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
  return (
    <Stack gap="md" data-testid="lookup-details">
      <CurrentInfo answer={answer} config={config.data} />
      <BackToList />
    </Stack>
  );
}

/** 予約一覧へ戻る from details or cancel: to the list the answer was picked on (store.ts backPath). */
import { Button } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { ja } from '../../messages/ja';
import { backPath } from './store';

export function BackToList({ testId = 'back-to-list', label = ja.lookup.backToList }: { testId?: string; label?: string }) {
  const router = useRouter();
  return (
    <Button variant="default" onClick={() => void router.navigate({ href: backPath() })} data-testid={testId}>
      {label}
    </Button>
  );
}

/** The text next to the submit button (or the slot step's 次へ); with items in error, a link to the first. */
import { Alert, Anchor } from '@mantine/core';
import { ja } from '../messages/ja';
import type { FormNotice as Notice } from './submit-flow';

export function FormNotice(p: { notice: Notice | undefined; onFirst: () => void }) {
  if (!p.notice) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-notice">
      <span data-testid="form-notice-text">{p.notice.text}</span>
      {p.notice.firstKey !== undefined ? (
        <>
          {' '}
          <Anchor component="button" type="button" fz="sm" c="inherit" fw={700} underline="always" onClick={p.onFirst} data-testid="form-notice-first">
            {ja.form.toFirstIssue}
          </Anchor>
        </>
      ) : null}
    </Alert>
  );
}

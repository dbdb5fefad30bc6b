import { Stack } from '@mantine/core';
import { isLoginRefused, isTransportFailure } from '../lib/api-error';
import { BackToStart } from './back-to-start';
import { ErrorCard } from './error-card';
import { errorDetailFor, errorLinesFor, rawErrorDetail } from './error-text';
import { MessageLines } from './message-lines';
import { RetryLoad } from './retry-load';
import { SignInAgain } from './sign-in-again';

/**
 * A failed load: sign in again when the login was refused, the catalogue text when spec 01 §8 has
 * one (with 再読み込み when the network failed), else the error card; and a way back to the start
 * page, so an unknown or closed form's address is never a dead end. `wayBack` false: the screen
 * offers its own (or is the start page, or the failure is of an action on a screen that goes on).
 */
export function LoadError({ error, wayBack = true, unknown }: { error: unknown; wayBack?: boolean; unknown?: string }) {
  if (isLoginRefused(error)) return <SignInAgain detail={rawErrorDetail(error)} />;
  const lines = errorLinesFor(error);
  if (lines && isTransportFailure(error)) return <RetryLoad lines={lines} wayBack={wayBack} />;
  // `unknown`: the area's own text for a failure the catalogue has no line for (spec 02 §8's bed text).
  const shown = lines ? <MessageLines lines={lines} /> : <ErrorCard detail={unknown ?? errorDetailFor(error)} rawDetail={rawErrorDetail(error)} />;
  if (!wayBack) return shown;
  return (
    <Stack gap="md">
      {shown}
      <BackToStart />
    </Stack>
  );
}

import { isLoginRefused, isTransportFailure } from '../lib/api-error';
import { ErrorCard } from './error-card';
import { errorDetailFor, errorLinesFor, rawErrorDetail } from './error-text';
import { MessageLines } from './message-lines';
import { RetryLoad } from './retry-load';
import { SignInAgain } from './sign-in-again';

/**
 * A failed load: sign in again when the login was refused, the catalogue text when spec 01 §8 has
 * one (with 再読み込み and a way back when the network failed), else the error card.
 */
export function LoadError({ error, wayBack = true }: { error: unknown; wayBack?: boolean }) {
  if (isLoginRefused(error)) return <SignInAgain detail={rawErrorDetail(error)} />;
  const lines = errorLinesFor(error);
  if (lines && isTransportFailure(error)) return <RetryLoad lines={lines} wayBack={wayBack} />;
  if (lines) return <MessageLines lines={lines} />;
  return <ErrorCard detail={errorDetailFor(error)} rawDetail={rawErrorDetail(error)} />;
}

import { isLoginRefused } from '../lib/api-error';
import { ErrorCard } from './error-card';
import { errorDetailFor, errorLinesFor, rawErrorDetail } from './error-text';
import { MessageLines } from './message-lines';
import { SignInAgain } from './sign-in-again';

/** A failed load: sign in again when the login was refused, the catalogue text when spec 01 §8 has one, else the error card. */
export function LoadError({ error }: { error: unknown }) {
  if (isLoginRefused(error)) return <SignInAgain detail={rawErrorDetail(error)} />;
  const lines = errorLinesFor(error);
  if (lines) return <MessageLines lines={lines} />;
  return <ErrorCard detail={errorDetailFor(error)} rawDetail={rawErrorDetail(error)} />;
}

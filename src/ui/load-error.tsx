import { ErrorCard } from './error-card';
import { errorDetailFor, errorLinesFor } from './error-text';
import { MessageLines } from './message-lines';

/** A failed load: the catalogue text when spec 01 §8 has one, else the error card. */
export function LoadError({ error }: { error: unknown }) {
  const lines = errorLinesFor(error);
  if (lines) return <MessageLines lines={lines} />;
  return <ErrorCard detail={errorDetailFor(error)} />;
}

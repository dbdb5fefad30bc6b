import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorCard } from '../ui/error-card';

/** The router's error component: a render or loader failure anywhere ends here. */
export function RouteError({ error }: ErrorComponentProps) {
  // The detail helps support read a resident's screenshot; the main text stays the spec's.
  return <ErrorCard detail={error instanceof Error ? error.message : undefined} />;
}

/**
 * A component whose code is a chunk of its own, shown once that chunk is here: the `fallback`
 * until then, and while a failed load waits to be tried again (use-later.ts). Unlike React.lazy,
 * a chunk that did not arrive never throws to the route's error screen, so a weak link cannot
 * take the form from under the resident.
 */
import type { ComponentType, ReactNode } from 'react';
import { useLater } from './use-later';

export const laterComponent = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  function Later({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const Loaded = useLater(load);
    return Loaded ? <Loaded {...(props as P)} /> : <>{fallback}</>;
  };

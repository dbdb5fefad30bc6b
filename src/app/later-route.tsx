/**
 * A route's screen from a chunk of its own. The router waits for the chunk before it shows the
 * route (preload); a chunk that did not arrive shows the loading text and is fetched again
 * (laterComponent), never reloading the page: offline before the service worker holds the app, a
 * reload would leave the resident on the browser's offline page.
 */
import type { ComponentType } from 'react';
import { laterComponent } from '../lib/later-component';
import { preloadLater } from '../lib/use-later';
import { LoadingText } from '../ui/loading-text';

export const laterRouteComponent = <K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) => {
  const part = () => load().then((m) => m[name]);
  const Later = laterComponent(part);
  const Screen = () => <Later fallback={<LoadingText />} />;
  return Object.assign(Screen, { preload: () => preloadLater(part) });
};

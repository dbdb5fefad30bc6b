import './app/mantine.css';
import './app/app.css';
// First: on a repeat visit it requests the offline layer's chunk before the rest evaluates.
import './offline/preload';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { App } from './app/app';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/pwa';
import { temporalReady } from './lib/temporal';
import { LATER_RETRY_MS } from './lib/use-later';
import { bootOffline } from './offline/boot';
import { hydrateFormIsland } from './ssr/hydrate';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const queryClient = createQueryClient();
// Loads workbox-window and registers after the page's load event; the update prompt is wired now.
registerServiceWorker();
// Spec 01 §8: a page restored from the back-forward cache reloads (its data may be stale).
window.addEventListener('pageshow', (e) => {
  if (e.persisted) window.location.reload();
});

type AppModule = { App: typeof App };

/** The app's chunk. A failed load (a first visit's weak link) is tried again once online, or soon. */
const loadApp = (): Promise<AppModule> =>
  import('./app/app').catch(
    () =>
      new Promise<AppModule>((loaded) => {
        const again = () => {
          window.removeEventListener('online', again);
          clearTimeout(timer);
          loaded(loadApp());
        };
        window.addEventListener('online', again);
        const timer = setTimeout(again, LATER_RETRY_MS);
      }),
  );

const render = ({ App }: AppModule) => {
  // The app's code has arrived and evaluated: bench/offline.bench.ts splits the first visit here.
  performance.mark('app-render');
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
};

// A repeat visit renders from the IndexedDB cache when it answers quickly; a first visit renders
// at once and loads the offline layer after the first screen (src/offline/load.ts). bootOffline
// never rejects: a broken IndexedDB must never keep the app from rendering. Both wait for Temporal
// where the browser has none (src/lib/temporal.ts; at once where it is native).
// A form the server rendered into the page is hydrated meanwhile, before the app's code runs
// (src/ssr/): the app's chunk is imported only then, so its evaluation does not delay the form.
void temporalReady
  .then(() => Promise.all([bootOffline({ queryClient }), hydrateFormIsland(queryClient)]))
  .then(loadApp)
  .then(render);

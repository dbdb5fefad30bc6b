import './app/mantine.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/pwa';
import { bootOffline } from './offline/runtime';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const queryClient = createQueryClient();
registerServiceWorker();
// Spec 01 §8: a page restored from the back-forward cache reloads (its data may be stale).
window.addEventListener('pageshow', (e) => {
  if (e.persisted) window.location.reload();
});

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );

// Render from the IndexedDB cache when it answers quickly; the outbox triggers start with it
// (app start is one of them). A broken IndexedDB must never keep the app from rendering.
bootOffline({ queryClient }).then(render, (e: unknown) => {
  console.warn('offline layer failed to start', e);
  render();
});

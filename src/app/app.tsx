import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { laterComponent } from '../lib/later-component';
import { createQueryClient } from '../lib/query-client';
import { usePwaUpdate } from '../lib/pwa';
import { createAppRouter } from './router';
import { AppMantine } from '../ui/app-mantine';

export interface AppProps {
  /** main.tsx passes the client the offline layer clears when another resident signs in. */
  queryClient?: QueryClient;
}

// The prompt is an overlay (Affix, Notification, Portal): its code loads only when a new version waits.
const UpdatePrompt = laterComponent(() => import('../ui/update-prompt').then((m) => m.UpdatePrompt));

function LazyUpdatePrompt() {
  const { needRefresh } = usePwaUpdate();
  return needRefresh ? <UpdatePrompt /> : null;
}

export function App({ queryClient: given }: AppProps = {}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppMantine>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <LazyUpdatePrompt />
    </AppMantine>
  );
}

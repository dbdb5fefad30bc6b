import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from '../app/theme';

/** Mantine as every React root of the page uses it: the app's, and the hydrated form's (src/ssr/). */
export function AppMantine({ children }: { children: ReactNode }) {
  return (
    // The server's CSP refuses inline <style>, so Mantine must not inject its variables or
    // global classes; app.css carries the few variables the theme changes.
    <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      {children}
    </MantineProvider>
  );
}

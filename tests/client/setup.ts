import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';
import { ITEM_TYPES } from '@core/form/item-types';
import { loadItemUis } from '../../src/items/registry';
/** jsdom lacks what Mantine reads at render time (STACK.md pitfall 2). */
if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  // jsdom's scrollTo only logs "Not implemented" (the router restores scroll on every navigation,
  // the answer screens scroll to the top): a quiet no-op keeps real failures readable in the log.
  window.scrollTo = () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
export {};

// jsdom lays nothing out, so Mantine's focus trap finds no visible element to focus in an opened
// popover and warns with the whole node (thousands of log lines); the browser suites see real focus.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap] Failed to find focusable element')) return;
  warn(...args);
};

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a whole screen (lazy
// chunks, IndexedDB, the outbox) can take longer to settle. Waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 5_000 });

// Forms render at once in tests, as in the app once a form's item types have loaded (the browser
// suites load them on demand for real).
await loadItemUis(ITEM_TYPES);

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
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
export {};

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a whole screen (lazy
// chunks, IndexedDB, the outbox) can take longer to settle. Waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 5_000 });

// Forms render at once in tests, as in the app once a form's item types have loaded (the browser
// suites load them on demand for real).
await loadItemUis(ITEM_TYPES);

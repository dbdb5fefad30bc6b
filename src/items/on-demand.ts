/**
 * Mantine's Select and Autocomplete are mounted only once a resident reaches for them. Each one
 * scans the whole document when it mounts (its combobox looks for its option list, which a closed
 * dropdown does not have, and then walks every element for shadow roots), so a long form with a
 * few dozen of them took seconds to render. Until then a look-alike stands in (see dropdown.tsx,
 * suggest.tsx). The module is fetched soon after the form paints, so activation is immediate.
 */
import { useEffect, useReducer, useState } from 'react';
import type * as ComboboxInputsModule from './combobox-inputs';

type ComboboxInputs = typeof ComboboxInputsModule;

let loaded: ComboboxInputs | undefined;
let loading: Promise<ComboboxInputs> | undefined;

export const loadComboboxInputs = (): Promise<ComboboxInputs> =>
  (loading ??= import('./combobox-inputs').then((m) => (loaded = m)));

/** After the form has painted and settled: fetch, do not mount. */
const PRELOAD_DELAY_MS = 1000;

/**
 * `active` turns true on the resident's first interaction; `inputs` is the loaded module once it
 * is both active and loaded (a render that finds it loaded mounts the real input in the same commit).
 */
export function useOnDemandCombobox(): { inputs: ComboboxInputs | undefined; activate: () => void } {
  const [active, setActive] = useState(false);
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    if (loaded) return;
    const t = setTimeout(() => void loadComboboxInputs(), PRELOAD_DELAY_MS);
    return () => clearTimeout(t);
  }, []);

  useEffect(() => {
    if (active && !loaded) void loadComboboxInputs().then(rerender);
  }, [active]);

  return { inputs: active ? loaded : undefined, activate: () => setActive(true) };
}

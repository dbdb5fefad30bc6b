/**
 * The form as its own React root (issue 60): the server renders it into the page with no session
 * (render-page.tsx) and hydrate.tsx hydrates that HTML with the same tree, so the two must stay
 * one component. Until the app adopts it (handoff.ts), the form validates and shows its display
 * conditions on its own; a send waits for the app's sending.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { ServedSurveyConfig } from '@core/form/survey-config';
import type { FormValue } from '@core/items/define';
import type { FormEngine } from '../form/engine-context';
import type { OnPartHydrated } from '../form/form-sections';
import { LoadedSurveyForm, startValuesOf, type SendRequest, type SurveyFormProps } from '../form/survey-form';
import { AppMantine } from '../ui/app-mantine';

/** What the app gives the adopted form: everything of SurveyForm's props but the config and mode. */
export type AdoptedProps = Omit<SurveyFormProps<unknown>, 'config' | 'mode' | 'reservationFirst' | 'whole' | 'onEngine' | 'onPartHydrated'>;

const isEmpty = (v: FormValue | undefined): boolean => v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The island's props as the app sets them, and the engine the form hands out. `pending`: the items
 * typed into whose section is not hydrated yet (replay.ts), which the form's state does not know.
 */
export const createIslandLive = (pending: () => ReadonlyMap<string, unknown> = () => new Map()) => {
  let props: AdoptedProps | null = null;
  let engine: FormEngine | null = null;
  let applied = false;
  const listeners = new Set<() => void>();
  let resolveAdopted: (p: AdoptedProps) => void = () => {};
  const adoptedProps = new Promise<AdoptedProps>((resolve) => (resolveAdopted = resolve));
  // The app's draft and the URL's prefill fill what the resident has not typed on this page.
  const applyStartValues = () => {
    if (applied || !props || !engine) return;
    applied = true;
    const notReplayed = pending();
    const typed = notReplayed.size > 0 || Object.values(engine.store.snapshot()).some((v) => !isEmpty(v));
    for (const [k, v] of Object.entries(startValuesOf(engine, props))) {
      if (isEmpty(engine.store.getValue(k)) && !notReplayed.has(k)) engine.store.setValue(k, v);
    }
    // What was typed before the app took the form is saved as a draft now, not at the next change.
    if (typed) props.onValuesChange?.(engine.store.snapshot());
  };
  return {
    get: () => props,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    setProps: (next: AdoptedProps) => {
      props = next;
      resolveAdopted(next);
      applyStartValues();
      for (const l of listeners) l();
    },
    setEngine: (e: FormEngine) => {
      engine = e;
      applyStartValues();
    },
    values: (): Record<string, unknown> => engine?.store.snapshot() ?? {},
    adoptedProps,
  };
};

export type IslandLive = ReturnType<typeof createIslandLive>;

export interface IslandTreeProps {
  config: ServedSurveyConfig;
  /** /calendar/{id}: the reservation step first. */
  reservationFirst: boolean;
  queryClient: QueryClient;
  live: IslandLive;
  /** Called once React owns the form's shell (its sections hydrate after it). */
  onHydrated?: () => void;
  /** Called as each part of the form is hydrated: hydrate.tsx replays what was typed into it. */
  onPartHydrated?: OnPartHydrated;
}

function IslandForm({ config, reservationFirst, live, onHydrated, onPartHydrated }: Omit<IslandTreeProps, 'queryClient'>) {
  const props = useSyncExternalStore(live.subscribe, live.get, () => null);
  useEffect(() => onHydrated?.(), [onHydrated]);
  // Before the app adopts the form, a send (the resident was quick) waits for the app's.
  const send = useCallback((request: SendRequest) => live.adoptedProps.then((p) => p.send(request)), [live]);
  const onSent = useCallback((result: unknown) => void live.adoptedProps.then((p) => p.onSent(result)), [live]);
  const setEngine = useCallback((e: FormEngine) => live.setEngine(e), [live]);
  return (
    <LoadedSurveyForm send={send} onSent={onSent} {...props} config={config} mode="user" reservationFirst={reservationFirst} whole onEngine={setEngine} onPartHydrated={onPartHydrated} />
  );
}

export function IslandTree({ config, reservationFirst, queryClient, live, onHydrated, onPartHydrated }: IslandTreeProps) {
  return (
    <AppMantine>
      <QueryClientProvider client={queryClient}>
        <IslandForm config={config} reservationFirst={reservationFirst} live={live} onHydrated={onHydrated} onPartHydrated={onPartHydrated} />
      </QueryClientProvider>
    </AppMantine>
  );
}

/**
 * The page's side of the server-rendered form (issue 60): with a session, the form's HTML is
 * hydrated as its own root as soon as its item types' code is here, before the app has rendered
 * anything; the app adopts it then (handoff.ts). The config in the page goes to the app as the
 * answer to its config request, so it asks nothing the page already says.
 */
import type { QueryClient } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { FORM_DATA_ID, FORM_ISLAND_ID, PAGE_PAINTED_KEY, SSR_FORM_ATTR, type FormPageData } from '@core/contract/form-page';
import { requiresMembership } from '@core/rules/membership';
import { loadItemUis } from '../items/registry';
import { EARLY_REQUESTS_KEY, type EarlyRequest } from '../lib/early-requests';
import { getSession } from '../lib/session';
import { discardIsland, registerIsland } from './handoff';
import { createIslandLive, IslandTree } from './island';
import { replayTypedValues, sentValues, typedNotReplayed } from './replay';

/** A page older than this (a copy some cache kept) may hold an older config: the app asks afresh. */
const FRESH_PAGE_MS = 60_000;

/** How long the app waits for the form's hydration before it renders anyway. */
const HYDRATION_WAIT_MS = 5_000;

/** Hydration problems seen (React recovers by rendering afresh); tests read it. */
export const HYDRATION_ERRORS_KEY = '__sakuraHydrationErrors';

/** One task after the next frame has rendered (a message posted from its animation callback). */
const afterNextPaint = (): Promise<void> =>
  new Promise((painted) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => painted();
      channel.port2.postMessage(null);
    }),
  );

const pageData = (): FormPageData | null => {
  try {
    const data = JSON.parse(document.getElementById(FORM_DATA_ID)?.textContent ?? 'null') as FormPageData | null;
    return data && typeof data.config?.surveyId === 'string' && Array.isArray(data.config.surveySchema) ? data : null;
  } catch {
    return null;
  }
};

/** The config request the app is about to make, answered by the page. */
const handOverConfig = (data: FormPageData, idToken: string): void => {
  if (requiresMembership(data.config) || Math.abs(Date.now() - data.servedAt) > FRESH_PAGE_MS) return;
  const url = `/survey/api/v1/db/survey-configs/getItem?${new URLSearchParams({ surveyId: data.config.surveyId }).toString()}`;
  const body = JSON.stringify({ result: 'OK', data: data.config });
  const response = Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
  const global = globalThis as unknown as Record<string, EarlyRequest[] | undefined>;
  (global[EARLY_REQUESTS_KEY] ??= []).push({ url, authorization: `Bearer ${idToken}`, startedAt: performance.now(), response });
};

/** Resolves once the form is hydrated, or at once when the page has none (or it cannot be). */
export const hydrateFormIsland = async (queryClient: QueryClient): Promise<void> => {
  const element = document.getElementById(FORM_ISLAND_ID);
  const data = pageData();
  const session = getSession();
  // User Timing marks (ssr-boot, ssr-hydrate, ssr-hydrated) split a visit's time in benchmarks.
  performance.mark('ssr-boot');
  if (!document.documentElement.hasAttribute(SSR_FORM_ATTR) || !data || !session) {
    discardIsland();
    return;
  }
  // A page with no form to hydrate (a bed form's first screen): it shows until the app's screen
  // replaces it (handoff.ts), and its config answers the app's request all the same.
  if (!element) return handOverConfig(data, session.idToken);
  const { config } = data;
  try {
    await loadItemUis(config.surveySchema.map((i) => i.type));
  } catch {
    discardIsland();
    return;
  }
  handOverConfig(data, session.idToken);
  // Hydrating a long form is one long task: let the browser paint the server's HTML first (when the
  // code is already here, parsing ends and the scripts run with no frame in between). When the code
  // came after a frame had shown the page (early.ts marks it), that frame would only be a delay.
  if ((globalThis as unknown as Record<string, unknown>)[PAGE_PAINTED_KEY] !== true) await afterNextPaint();
  // Read before hydration rewrites them: a field whose text is not what the server sent was typed.
  const sent = sentValues(element);
  const live = createIslandLive(() => typedNotReplayed(element, sent));
  const onPartHydrated = (itemKeys: readonly string[]) => void replayTypedValues(itemKeys, sent);
  const errors: string[] = ((globalThis as unknown as Record<string, string[]>)[HYDRATION_ERRORS_KEY] = []);
  // The app renders after this: a hydration that never finishes must not keep it waiting.
  const given = new Promise<void>((up) => setTimeout(up, HYDRATION_WAIT_MS));
  const done = new Promise<void>((hydrated) => {
    const onHydrated = () => {
      // The form's shell: its sections hydrate after it, each replaying what was typed into it
      // (replay.ts). Choices and buttons stay held until the app takes the form (handoff.ts): a
      // dialog or a dropdown opened before would be cut off by the hand-over.
      performance.mark('ssr-hydrated');
      hydrated();
    };
    performance.mark('ssr-hydrate');
    const tree = <IslandTree config={config} reservationFirst={data.reservationFirst} queryClient={queryClient} live={live} onHydrated={onHydrated} onPartHydrated={onPartHydrated} />;
    const root = hydrateRoot(element, tree, {
      onRecoverableError: (e) => errors.push(String(e)),
    });
    registerIsland({
      surveyId: config.surveyId,
      version: config.version,
      reservationFirst: data.reservationFirst,
      // Sections hydrate after the shell: text in one not hydrated yet is not in the form's state.
      values: () => {
        const values = { ...live.values() };
        for (const [key, text] of typedNotReplayed(element, sent)) if (text !== undefined) values[key] = text;
        return values;
      },
      setProps: (p) => live.setProps(p as Parameters<typeof live.setProps>[0]),
      unmount: () => root.unmount(),
    });
  });
  await Promise.race([done, given]);
  // The form answers input now; the app's first render (a long task of its own) comes a frame later.
  await afterNextPaint();
};

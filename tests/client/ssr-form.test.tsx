/**
 * Issue 60: the server's HTML of a form equals what the PWA renders for the same config with no
 * session, and hydrates without a mismatch, for every demo form and so for every item type (a new
 * type the demo does not carry fails the coverage check below until a form shows it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ITEM_TYPES } from '@core/form/item-types';
import { BED_SURVEY_TYPE, servedSurveyConfigSchema, type ServedSurveyConfig } from '@core/form/survey-config';
import { todayInTokyo } from '@core/ja/date-input';
import bundle from '../../demo/bundle.json';
import { BedScreen } from '../../src/features/beds/bed-screen';
import { monthRange } from '../../src/features/beds/month';
import { SurveyForm } from '../../src/form/survey-form';
import { createIslandLive, IslandTree } from '../../src/ssr/island';
import { renderFormPage, renderIsland } from '../../src/ssr/render-page';
import { AppMantine } from '../../src/ui/app-mantine';

afterEach(cleanup);

const forms: ServedSurveyConfig[] = [...bundle.surveyConfigs, ...bundle.memberConfigs].map((raw, i) =>
  servedSurveyConfigSchema.parse({ ...raw, version: i + 1 }),
);

/**
 * The markup with what differs by renderer alone taken out: React's text separators (comments),
 * the image preloads the server hoists, the order of attributes, the effect-set data-interactive,
 * the chosen option's mark, how a style is spelled,
 * and useId's values (server and client spell them differently; they are numbered by first use).
 */
const ID_ATTRS = new Set(['id', 'for', 'aria-describedby', 'aria-labelledby', 'aria-controls']);
const ID_TOKEN = /mantine-[^\s-]+|_[rR]_[^_\s]*_|«[rR][^»]*»/g;

const normalise = (html: string): string => {
  const host = document.createElement('div');
  host.innerHTML = html;
  const ids = new Map<string, string>();
  const idOf = (v: string) => v.replace(ID_TOKEN, (m) => ids.get(m) ?? (ids.set(m, `id${ids.size}`), `id${ids.size - 1}`));
  // jsdom writes a style set through the CSSOM with spaces and a last semicolon; the server does not.
  const styleOf = (v: string) =>
    v
      .split(';')
      .map((d) => d.trim().replace(/\s*:\s*/, ':'))
      .filter(Boolean)
      .join(';');
  const attr = (a: Attr) => (ID_ATTRS.has(a.name) ? idOf(a.value) : a.name === 'style' ? styleOf(a.value) : a.value);
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').replace(/[<&>]/g, (c) => `&#${c.charCodeAt(0)};`);
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    const el = node as Element;
    if (el.tagName === 'LINK' && el.getAttribute('rel') === 'preload') return '';
    const attrs = [...el.attributes]
      // The server marks a select's chosen option; the client sets the select's value instead.
      .filter((a) => a.name !== 'data-interactive' && !(el.tagName === 'OPTION' && a.name === 'selected'))
      .map((a) => `${a.name}="${attr(a)}"`)
      .sort();
    const tag = el.tagName.toLowerCase();
    return `<${tag}${attrs.map((a) => ` ${a}`).join('')}>${[...el.childNodes].map(walk).join('')}</${tag}>`;
  };
  return [...host.childNodes].map(walk).join('');
};

/** The PWA's own render of the form (the path a page without the server's HTML takes), all items in. */
const clientHtml = async (config: ServedSurveyConfig, reservationFirst: boolean): Promise<string> => {
  const { container } = render(
    <AppMantine>
      <QueryClientProvider client={new QueryClient()}>
        <SurveyForm config={config} reservationFirst={reservationFirst} send={async () => null} onSent={() => {}} />
      </QueryClientProvider>
    </AppMantine>,
  );
  await waitFor(() => expect(container.querySelector('[data-rendered="all"]')).not.toBeNull());
  const html = container.innerHTML;
  cleanup();
  return html;
};

describe("the server's render of a form", () => {
  it('covers every item type with the demo forms', () => {
    const shown = new Set(forms.flatMap((f) => f.surveySchema.map((i) => i.type)));
    expect(ITEM_TYPES.filter((t) => !shown.has(t))).toEqual([]);
  });

  // /calendar/{id} opens a form with a reservation item on its reservation step.
  const pages = forms.flatMap((config) =>
    config.surveySchema.some((i) => i.type === 'reservation') ? [{ config, reservationFirst: false }, { config, reservationFirst: true }] : [{ config, reservationFirst: false }],
  );
  for (const { config, reservationFirst } of pages) {
    const name = `${config.surveyId}${reservationFirst ? ' (reservation step first)' : ''}`;
    it(`renders ${name} as the PWA does`, async () => {
      const server = await renderIsland(config, { reservationFirst });
      expect(server).toContain('data-rendered="all"');
      expect(normalise(server)).toBe(normalise(await clientHtml(config, reservationFirst)));
    });

    it(`hydrates ${name} without a mismatch`, async () => {
      const element = document.createElement('div');
      element.innerHTML = await renderIsland(config, { reservationFirst });
      document.body.appendChild(element);
      const errors: unknown[] = [];
      let hydrated = false;
      const tree = (
        <IslandTree config={config} reservationFirst={reservationFirst} queryClient={new QueryClient()} live={createIslandLive()} onHydrated={() => (hydrated = true)} />
      );
      await act(async () => {
        hydrateRoot(element, tree, { onRecoverableError: (e) => errors.push(e) });
      });
      await waitFor(() => expect(hydrated).toBe(true));
      // The sections hydrate after the form's shell: each item's element ends up React's.
      const owned = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber'));
      await waitFor(() => expect([...element.querySelectorAll('[data-item-key]')].filter((el) => !owned(el))).toEqual([]));
      expect(errors).toEqual([]);
      element.remove();
    });
  }

  it("carries on <html> the colour scheme Mantine sets, so hydrating changes nothing at the page's root", async () => {
    // A change there restyles every element of a long form (Mantine's rules hang off it).
    const index = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    const sent = /<html\b[^>]*\sdata-mantine-color-scheme="([^"]+)"/.exec(index)?.[1];
    expect(sent).toBeDefined();
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    render(<AppMantine>x</AppMantine>);
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe(sent);
  });

  it('puts nothing personal in the page: no values, no session, whatever the device holds', async () => {
    localStorage.setItem('session', JSON.stringify({ idToken: 'secret.token.x', profile: { userId: 'Uprivate', displayName: '山田 秘密' } }));
    try {
      const html = await renderFormPage(forms.find((f) => f.surveyId === 'all-items') as ServedSurveyConfig, { reservationFirst: false });
      for (const personal of ['secret.token', 'Uprivate', '山田 秘密']) expect(html).not.toContain(personal);
      expect(html).toContain('id="form-island"');
      expect(html).toContain('data-prehydration');
    } finally {
      localStorage.clear();
    }
  });
});

/** The bed screen as the app first shows it to a resident with no session, its reads answered. */
const clientBedScreen = async (config: ServedSurveyConfig): Promise<Element> => {
  const id = config.surveyId;
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const answer = <T,>(data: T) => ({ data, fromCache: false, savedAt: Date.now() });
  const { startDate, endDate } = monthRange(todayInTokyo().toPlainYearMonth());
  queryClient.setQueryData(['survey-config', id], answer(config));
  queryClient.setQueryData(['bed', 'rule', id], answer({ reservationPossibleStart: 1, reservationCancelLimit: 3 }));
  queryClient.setQueryData(['bed', 'beds', id], answer([]));
  queryClient.setQueryData(['bed', 'calendar', id, startDate, endDate], answer([]));
  const root = createRootRoute({ component: () => <BedScreen surveyId={id} partitionKey={null} datesOnly={false} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: [`/bed-reservation/${id}`] }) });
  render(
    <AppMantine>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppMantine>,
  );
  await screen.findByTestId('bed-calendar');
  return screen.getByTestId('bed-title').parentElement as Element;
};

/** An element alone (no children) and each child, normalised. */
const partsOf = (stack: Element, count: number): string[] => [
  normalise((stack.cloneNode(false) as Element).outerHTML),
  ...[...stack.children].slice(0, count).map((c) => normalise(c.outerHTML)),
];

describe("the server's page of a bed form", () => {
  const bedForms = forms.filter((f) => f.surveyType === BED_SURVEY_TYPE);

  it('is checked on the demo bed forms', () => expect(bedForms.length).toBeGreaterThan(0));

  for (const config of bedForms) {
    it(`begins ${config.surveyId}'s first screen as the app does, with nothing to hydrate`, async () => {
      const server = document.createElement('div');
      server.innerHTML = await renderFormPage(config, { reservationFirst: false });
      expect(server.querySelector('#form-island')).toBeNull();
      const serverStack = server.querySelector('[data-testid="bed-title"]')?.parentElement as Element;
      // The title and the calendar's first line; the app goes on with what changes by the day.
      expect(serverStack.children).toHaveLength(2);
      expect(partsOf(await clientBedScreen(config), 2)).toEqual(partsOf(serverStack, 2));
    });
  }

  it('puts nothing personal in it, whatever the device holds', async () => {
    localStorage.setItem('session', JSON.stringify({ idToken: 'secret.token.x', profile: { userId: 'Uprivate', displayName: '山田 秘密' } }));
    try {
      const html = await renderFormPage(bedForms[0] as ServedSurveyConfig, { reservationFirst: false });
      for (const personal of ['secret.token', 'Uprivate', '山田 秘密', 'resident-name']) expect(html).not.toContain(personal);
      expect(html).toContain('data-testid="bed-title"');
    } finally {
      localStorage.clear();
    }
  });
});

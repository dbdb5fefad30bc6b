/**
 * Issue 60: the server's form hydrates its shell first and its sections after it
 * (src/form/form-sections.tsx). Text typed or filled into a section before that section is
 * hydrated — with no key event first, as a browser's autofill or Playwright's fill set it — reaches
 * the form's state once the section hydrates (src/ssr/replay.ts), and a draft the app applies
 * meanwhile shows in the fields nobody touched.
 */
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { servedSurveyConfigSchema, type ServedSurveyConfig } from '@core/form/survey-config';
import bundle from '../../demo/bundle.json';
import { createIslandLive, IslandTree, type IslandLive } from '../../src/ssr/island';
import { replayTypedValues, sentValues, typedNotReplayed } from '../../src/ssr/replay';
import { renderIsland } from '../../src/ssr/render-page';

// React's own scheduler, not act(): act would hydrate every section before handing back.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

/** Six sections of text fields after a lead one: the last ones hydrate well after the shell. */
const schema = [
  { itemKey: 'lead', type: 'text', title: '最初の質問' },
  ...Array.from({ length: 6 }, (_, g) => [
    { itemKey: `g${g}`, type: 'groupHeader', title: `グループ${g}` },
    { itemKey: `g${g}_text`, type: 'text', title: `名前${g}` },
    { itemKey: `g${g}_note`, type: 'textarea', title: `メモ${g}` },
  ]).flat(),
];
const demo = bundle.surveyConfigs.find((f) => f.surveyId === 'kenko-survey');
const config: ServedSurveyConfig = servedSurveyConfigSchema.parse({ ...demo, surveyId: 'sections', surveySchema: schema, version: 1 });
/** In the form's last section, and in the one before it. */
const LATE = 'g5_text';
const EARLIER = 'g4_note';

const field = (root: HTMLElement, key: string) => root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-item-key="${key}"] input, [data-item-key="${key}"] textarea`)!;
const owned = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber'));
/** As Playwright's fill or an autofill: the value changes, then an input event, no key event before. */
const fill = (el: HTMLInputElement | HTMLTextAreaElement, text: string) => {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(el, text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
};

let root: Root | null = null;
let element: HTMLElement | null = null;
afterEach(() => {
  root?.unmount();
  element?.remove();
  root = null;
  element = null;
});

/** The page's hydration as hydrate.tsx wires it; `onShell` runs a task after the shell is React's. */
const hydrate = async (before: (el: HTMLElement) => void, onShell: (el: HTMLElement, live: IslandLive) => void) => {
  const el = (element = document.createElement('div'));
  el.innerHTML = await renderIsland(config);
  document.body.appendChild(el);
  before(el);
  const sent = sentValues(el);
  const live = createIslandLive(() => typedNotReplayed(el, sent));
  const errors: unknown[] = [];
  const shell = new Promise<void>((done) => {
    const onHydrated = () => queueMicrotask(() => (onShell(el, live), done()));
    const tree = (
      <IslandTree config={config} reservationFirst={false} queryClient={new QueryClient()} live={live} onHydrated={onHydrated} onPartHydrated={(keys) => void replayTypedValues(keys, sent)} />
    );
    root = hydrateRoot(el, tree, { onRecoverableError: (e) => errors.push(e) });
  });
  await shell;
  await waitFor(() => expect([...el.querySelectorAll('[data-item-key]')].filter((i) => !owned(i))).toEqual([]));
  expect(errors).toEqual([]);
  return { el, live };
};

describe('the server form hydrated section by section', () => {
  it('keeps text filled, with no key event, into a section not hydrated yet', async () => {
    let dehydratedAtFill = false;
    const { el, live } = await hydrate(
      () => {},
      (page) => {
        const late = field(page, LATE);
        dehydratedAtFill = !owned(late);
        fill(late, '桜町内会');
      },
    );
    expect(dehydratedAtFill).toBe(true);
    expect(live.values()[LATE]).toBe('桜町内会');
    expect(field(el, LATE).value).toBe('桜町内会');
  });

  it('keeps text typed before any script, in the last sections too', async () => {
    const { live } = await hydrate(
      (page) => {
        field(page, LATE).value = '団体名を先に';
        field(page, EARLIER).value = '動機を先に';
      },
      () => {},
    );
    expect(live.values()[LATE]).toBe('団体名を先に');
    expect(live.values()[EARLIER]).toBe('動機を先に');
  });

  it("shows a draft applied before a section hydrated, and what was typed wins over it", async () => {
    let adoptedBeforeSections = false;
    const { el, live } = await hydrate(
      (page) => (field(page, EARLIER).value = '入力した動機'),
      (page, islandLive) => {
        adoptedBeforeSections = !owned(field(page, LATE));
        islandLive.setProps({ send: async () => null, onSent: () => {}, initialValues: { [LATE]: '下書きの団体', [EARLIER]: '下書きの動機' } });
      },
    );
    expect(adoptedBeforeSections).toBe(true);
    expect(live.values()[LATE]).toBe('下書きの団体');
    expect(field(el, LATE).value).toBe('下書きの団体');
    expect(live.values()[EARLIER]).toBe('入力した動機');
    expect(field(el, EARLIER).value).toBe('入力した動機');
  });

  it('gives the text of sections not hydrated yet to an island discarded before they are', async () => {
    const el = (element = document.createElement('div'));
    el.innerHTML = await renderIsland(config);
    document.body.appendChild(el);
    const sent = sentValues(el);
    field(el, LATE).value = '捨てる前に';
    expect([...typedNotReplayed(el, sent)]).toEqual([[LATE, '捨てる前に']]);
  });
});

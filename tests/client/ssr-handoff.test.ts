/** Issue 60: how the server's form is handed to the app, or let go (src/ssr/handoff.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adoptIsland,
  carriedValues,
  discardIsland,
  forgetCarried,
  holdIsland,
  islandFor,
  registerIsland,
  settleIslandFor,
  type Island,
} from '../../src/ssr/handoff';

const flush = () => new Promise<void>((r) => setTimeout(r, 0));

let unmounted: ReturnType<typeof vi.fn<() => void>>;
const island = (): Island => {
  unmounted = vi.fn<() => void>();
  return { surveyId: 'f', version: 3, reservationFirst: false, values: () => ({ name: '山田' }), setProps: () => {}, unmount: unmounted };
};

beforeEach(() => {
  document.documentElement.setAttribute('data-ssr-form', '');
  document.body.innerHTML = '<div id="root"></div><div id="ssr-page"><div id="form-island"><form></form></div></div>';
});
afterEach(async () => {
  discardIsland();
  forgetCarried();
  await flush();
});

describe('the hand-over of the server-rendered form', () => {
  it('gives the island only to the same form, version and first step', () => {
    const i = island();
    registerIsland(i);
    expect(islandFor('f', 3, false)).toBe(i);
    expect(islandFor('f', 4, false)).toBeNull();
    expect(islandFor('g', 3, false)).toBeNull();
    expect(islandFor('f', 3, true)).toBeNull();
  });

  it('moves the adopted form into the screen and takes the server page away in the same step', () => {
    const i = island();
    registerIsland(i);
    const holder = document.createElement('div');
    document.getElementById('root')?.appendChild(holder);
    adoptIsland(i, holder);
    expect(holder.querySelector('#form-island form')).not.toBeNull();
    expect(document.getElementById('ssr-page')).toBeNull();
    expect(document.documentElement.hasAttribute('data-ssr-form')).toBe(false);
    // Taken: nobody else gets it, and a settling layout leaves it be.
    expect(islandFor('f', 3, false)).toBeNull();
    settleIslandFor('/survey/f');
    expect(unmounted).not.toHaveBeenCalled();
  });

  it('keeps the focus and the caret of the field the resident is typing in', () => {
    const i = island();
    registerIsland(i);
    const form = document.querySelector('#form-island form') as HTMLFormElement;
    form.innerHTML = '<textarea>ご意見です</textarea>';
    const field = form.querySelector('textarea') as HTMLTextAreaElement;
    field.focus();
    field.setSelectionRange(1, 3);
    const holder = document.createElement('div');
    document.getElementById('root')?.appendChild(holder);
    adoptIsland(i, holder);
    expect(holder.contains(field)).toBe(true);
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([1, 3]);
  });

  it('keeps the server page while a loading screen holds it, and lets it go after', async () => {
    registerIsland(island());
    const release = holdIsland();
    settleIslandFor('/survey/f');
    await flush();
    expect(document.getElementById('ssr-page')).not.toBeNull();
    release();
    await flush();
    expect(document.getElementById('ssr-page')).toBeNull();
    expect(unmounted).toHaveBeenCalledOnce();
    // What the resident typed is handed to the form that replaces it, for that form only.
    expect(carriedValues('f')).toEqual({ name: '山田' });
    expect(carriedValues('g')).toBeNull();
  });

  it('lets the island go at once on another page (sign-in)', async () => {
    registerIsland(island());
    settleIslandFor('/login');
    await flush();
    expect(unmounted).toHaveBeenCalledOnce();
    expect(document.getElementById('ssr-page')).toBeNull();
    expect(document.documentElement.hasAttribute('data-ssr-form')).toBe(false);
  });

  it('shows the app when the page had a form but no island was made (no session, no code)', () => {
    expect(discardIsland()).toBeNull();
    expect(document.getElementById('ssr-page')).toBeNull();
    expect(document.documentElement.hasAttribute('data-ssr-form')).toBe(false);
  });
});

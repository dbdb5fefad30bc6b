/** Leaving a page that carries a tag container loads the next page whole (src/lib/tagged-page.ts). */
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installTaggedPageExit, leavesTaggedForm } from '../../src/lib/tagged-page';

const tag = (surveyId: string) => {
  const meta = document.createElement('meta');
  meta.name = 'tagged-form';
  meta.content = surveyId;
  document.head.append(meta);
};

describe('a tagged form page', () => {
  afterEach(() => {
    document.head.querySelectorAll('meta[name="tagged-form"]').forEach((m) => m.remove());
    vi.restoreAllMocks();
  });

  it('stays in the app on its own address, leaves it for any other', () => {
    expect(leavesTaggedForm('kenshin', '/survey/kenshin')).toBe(false);
    expect(leavesTaggedForm('kenshin', '/calendar/kenshin/')).toBe(false);
    expect(leavesTaggedForm('kenshin', '/survey/other')).toBe(true);
    expect(leavesTaggedForm('kenshin', '/confirm')).toBe(true);
    expect(leavesTaggedForm(null, '/survey/other')).toBe(false);
  });

  it('loads the next page whole when online; untagged pages move in the app', async () => {
    const history = createMemoryHistory({ initialEntries: ['/survey/kenshin'] });
    const load = vi.fn();
    installTaggedPageExit(history, load);
    history.push('/survey/kenshin?sent=1');
    await vi.waitFor(() => expect(history.location.search).toBe('?sent=1'));
    expect(load).not.toHaveBeenCalled();

    tag('kenshin');
    history.push('/survey/other');
    await vi.waitFor(() => expect(load).toHaveBeenCalledWith('/survey/other'));
    expect(history.location.pathname).toBe('/survey/kenshin');

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    history.push('/confirm');
    await vi.waitFor(() => expect(history.location.pathname).toBe('/confirm'));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

/** The page names the form's address on screen to the service worker (src/lib/keep-form-page.ts). */
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { KEEP_FORM_PAGE_MESSAGE } from '@core/pwa/sw-contract';
import { installFormPageKeep } from '../../src/lib/keep-form-page';

const fakeContainer = (controlled: boolean) => {
  const postMessage = vi.fn();
  const target = new EventTarget();
  const container = {
    controller: controlled ? { postMessage } : null,
    addEventListener: target.addEventListener.bind(target),
  };
  return { container, postMessage, take: () => ((container.controller = { postMessage }), target.dispatchEvent(new Event('controllerchange'))) };
};

describe('installFormPageKeep', () => {
  it("names a form's address without a query, on each move and when a worker takes the page", () => {
    const history = createMemoryHistory({ initialEntries: ['/login?code=x'] });
    const { container, postMessage, take } = fakeContainer(false);
    installFormPageKeep(history, container);
    history.push('/survey/kenko-survey');
    expect(postMessage).not.toHaveBeenCalled();
    take();
    expect(postMessage).toHaveBeenLastCalledWith({ ...KEEP_FORM_PAGE_MESSAGE, path: '/survey/kenko-survey' });
    for (const to of ['/calendar/clinic-yoyaku', '/bed-reservation/nyuin-yoyaku']) {
      history.push(to);
      expect(postMessage).toHaveBeenLastCalledWith({ ...KEEP_FORM_PAGE_MESSAGE, path: to });
    }
    expect(postMessage).toHaveBeenCalledTimes(3);
  });

  it('says nothing for an address with a query string or another page', () => {
    const history = createMemoryHistory({ initialEntries: ['/'] });
    const { container, postMessage } = fakeContainer(true);
    installFormPageKeep(history, container);
    for (const to of ['/survey/kenko-survey?partitionKey=kenko-survey%23U1', '/confirm', '/bed-reservation-list/x', '/survey/api']) history.push(to);
    expect(postMessage).not.toHaveBeenCalled();
  });
});

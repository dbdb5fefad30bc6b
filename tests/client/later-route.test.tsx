/**
 * src/app/later-route.tsx in a real router: the router waits for a route's chunk before showing
 * the route; a chunk that did not arrive shows the loading text, is fetched again once the browser
 * is back online, and never reloads the page.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { laterRouteComponent } from '../../src/app/later-route';
import { RouteError } from '../../src/app/route-error';
import { ja } from '../../src/messages/ja';

const screens = {
  Start: () => <p>start</p>,
  Details: () => <p>details here</p>,
};
type Screens = typeof screens;

const appWith = (load: () => Promise<Screens>) => {
  const root = createRootRoute({ component: Outlet });
  const start = createRoute({ getParentRoute: () => root, path: '/', component: screens.Start });
  const details = createRoute({ getParentRoute: () => root, path: '/details', component: laterRouteComponent(load, 'Details') });
  const router = createRouter({
    routeTree: root.addChildren([start, details]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultErrorComponent: RouteError,
  });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a route screen from its own chunk', () => {
  it('the router waits for the chunk: the screen shows with no loading text in between', async () => {
    let arrive: (m: Screens) => void = () => {};
    const load = vi.fn(() => new Promise<Screens>((resolve) => (arrive = resolve)));
    const router = appWith(load);
    expect(await screen.findByText('start')).toBeTruthy();
    await act(async () => router.history.push('/details'));
    // Still the page the resident came from while the chunk is on its way.
    expect(screen.getByText('start')).toBeTruthy();
    expect(screen.queryByText(ja.common.loading)).toBeNull();
    await act(async () => arrive(screens));
    expect(await screen.findByText('details here')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a chunk that did not arrive shows the loading text, no reload, and the screen once back online', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const load = vi
      .fn<() => Promise<Screens>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(screens);
    const router = appWith(load);
    expect(await screen.findByText('start')).toBeTruthy();
    await act(async () => router.history.push('/details'));
    expect(await screen.findByText(ja.common.loading)).toBeTruthy();
    expect(screen.queryByTestId('error-card')).toBeNull();
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('details here')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    // The router's preload, the screen's first load, then the one after the browser came back.
    expect(load).toHaveBeenCalledTimes(3);
  });
});

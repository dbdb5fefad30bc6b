/**
 * /url-external: which addresses leave at once (the operator's EXTERNAL_URL_HOSTS), which are
 * first named on 外部サイトへ移動します, and which never leave — decided, then seen through the app.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { decideExternal, externalTarget } from '../../src/features/external/external-target';
import { leaveFor } from '../../src/features/external/leave';
import { ja } from '../../src/messages/ja';
import { clearDevice, json } from './offline-helpers';

// jsdom cannot leave the page; what matters is whether and where the app asks to.
vi.mock('../../src/features/external/leave', () => ({ leaveFor: vi.fn() }));

const decide = (raw: string, hosts: readonly string[] | null) => decideExternal(externalTarget(raw) as URL, hosts);

describe('/url-external target', () => {
  it('follows only http and https addresses', () => {
    expect(externalTarget('https://www.city.example.lg.jp/kurashi/')?.href).toBe('https://www.city.example.lg.jp/kurashi/');
    expect(externalTarget('http://example.jp')?.href).toBe('http://example.jp/');
    for (const hostile of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '//evil.example', '/relative', '', undefined]) {
      expect(externalTarget(hostile)).toBeNull();
    }
  });
});

describe('/url-external decision', () => {
  const listed = ['www.city.sakura.example.jp', 'line.me'];

  it('redirects to a listed host, and asks for any other', () => {
    expect(decide('https://www.city.sakura.example.jp/kurashi/?a=1#b', listed)).toEqual({
      kind: 'redirect',
      href: 'https://www.city.sakura.example.jp/kurashi/?a=1#b',
    });
    expect(decide('https://evil.example/login', listed)).toEqual({ kind: 'confirm', href: 'https://evil.example/login', host: 'evil.example' });
    expect(decide('https://evil.example/login', [])).toMatchObject({ kind: 'confirm' });
  });

  it('matches host names whatever their case', () => {
    expect(decide('https://WWW.City.Sakura.Example.JP/', listed)).toEqual({ kind: 'redirect', href: 'https://www.city.sakura.example.jp/' });
    expect(decide('https://line.me/', ['LINE.me'])).toMatchObject({ kind: 'redirect' });
  });

  it('matches exactly: no subdomain, parent or lookalike of a listed host unless it is listed too', () => {
    for (const other of [
      'https://evil.www.city.sakura.example.jp/',
      'https://city.sakura.example.jp/',
      'https://www.city.sakura.example.jp.evil.example/',
      'https://wwwcity.sakura.example.jp/',
      'https://access.line.me/',
    ]) {
      expect(decide(other, listed), other).toMatchObject({ kind: 'confirm' });
    }
    expect(decide('https://access.line.me/', [...listed, 'access.line.me'])).toMatchObject({ kind: 'redirect' });
  });

  it('names the host the browser would really go to', () => {
    // What comes before @ is a user name, not the host.
    expect(decide('https://www.city.sakura.example.jp@evil.example/', listed)).toMatchObject({ kind: 'confirm', host: 'evil.example' });
    expect(decide('http://line.me:8443/x', listed)).toEqual({ kind: 'redirect', href: 'http://line.me:8443/x' });
    expect(decide('https://evil.example:8443/x', listed)).toMatchObject({ kind: 'confirm', host: 'evil.example:8443' });
  });

  it('asks when the list could not be read, even for a host that may be on it', () => {
    expect(decide('https://www.city.sakura.example.jp/', null)).toEqual({
      kind: 'confirm',
      href: 'https://www.city.sakura.example.jp/',
      host: 'www.city.sakura.example.jp',
    });
  });
});

describe('/url-external in the app', () => {
  const leave = vi.mocked(leaveFor);
  const appConfig = (externalUrlHosts: string[]) => () =>
    json(200, { result: 'OK', data: { channelId: '1', authorizeUrl: 'https://issuer.example/a', liffId: null, devIssuer: true, externalUrlHosts } });

  const serve = (appConfigAnswer: () => Response | Promise<Response>) => {
    const fetch = vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/survey/api/v1/db/app-config') return appConfigAnswer();
      if (url.pathname === '/survey/api/v1/db/survey-configs/open') return json(200, { result: 'OK', data: [] });
      return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };
  const open = (target: string) => {
    window.history.replaceState(null, '', `/url-external?url=${encodeURIComponent(target)}`);
    return render(createElement(App));
  };

  beforeEach(async () => {
    leave.mockClear();
    await clearDevice();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('leaves at once for a listed host', async () => {
    serve(appConfig(['www.city.sakura.example.jp']));
    open('https://www.city.sakura.example.jp/kurashi/');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://www.city.sakura.example.jp/kurashi/'));
    expect(screen.queryByRole('heading', { name: ja.external.title })).toBeNull();
  });

  it('names any other host and leaves only when 移動する is tapped', async () => {
    serve(appConfig(['www.city.sakura.example.jp']));
    open('https://evil.example/login?next=1');
    expect(await screen.findByRole('heading', { name: ja.external.title })).toBeTruthy();
    expect(screen.getByTestId('external-host').textContent).toBe('evil.example');
    expect(screen.getByTestId('external-url').textContent).toBe('https://evil.example/login?next=1');
    // Let any stray effect run: still nothing.
    await new Promise((r) => setTimeout(r, 50));
    expect(leave).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: ja.external.go }));
    expect(leave).toHaveBeenCalledExactlyOnceWith('https://evil.example/login?next=1');
  });

  it('戻る with nothing of the app behind it goes to the start page, leaving nowhere', async () => {
    serve(appConfig([]));
    open('https://evil.example/');
    fireEvent.click(await screen.findByRole('button', { name: ja.external.back }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: ja.start.heading })).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();
  });

  it.each([
    ['the server fails', () => json(500, { result: 'ERROR', code: 'internal', errorMessage: 'boom' })],
    ['the network is down', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('asks, even for a listed host, when %s', async (_, answer) => {
    serve(answer);
    open('https://www.city.sakura.example.jp/');
    expect(await screen.findByRole('heading', { name: ja.external.title }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('external-host').textContent).toBe('www.city.sakura.example.jp');
    expect(leave).not.toHaveBeenCalled();
  });

  it('asks at once, without calling the server, when the device says it is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetch = serve(appConfig(['www.city.sakura.example.jp']));
    open('https://www.city.sakura.example.jp/');
    expect(await screen.findByRole('heading', { name: ja.external.title })).toBeTruthy();
    expect(fetch.mock.calls.filter(([u]) => String(u).includes('/app-config'))).toEqual([]);
    expect(leave).not.toHaveBeenCalled();
  });

  it('refuses a non-web address', async () => {
    const fetch = serve(appConfig(['www.city.sakura.example.jp']));
    open('javascript:alert(1)');
    expect(await screen.findByText(ja.notFound.title)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(leave).not.toHaveBeenCalled();
  });
});

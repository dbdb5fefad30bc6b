/**
 * Issue 60 on a bed form's page (src/ssr/hydrate.tsx): there is no form to hydrate, so the server's
 * page stays on show until the app's screen is there (a loading screen holds it, handoff.ts), and
 * the page's config answers the app's config request all the same.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EARLY_REQUESTS_KEY, type EarlyRequest } from '../../src/lib/early-requests';
import { saveSession } from '../../src/lib/session';
import { discardIsland, holdIsland, settleIslandFor } from '../../src/ssr/handoff';
import { hydrateFormIsland } from '../../src/ssr/hydrate';
import { makeIdToken } from './fake-clock';

const flush = () => new Promise<void>((r) => setTimeout(r, 0));
const config = { surveyId: 'nyuin', surveyTitle: '入院ベッド予約', surveyType: 'bed', surveySchema: [], version: 2 };
const early = () => (globalThis as unknown as Record<string, EarlyRequest[] | undefined>)[EARLY_REQUESTS_KEY] ?? [];

beforeEach(() => {
  document.documentElement.setAttribute('data-ssr-form', '');
  document.body.innerHTML =
    '<div id="root"></div><div id="ssr-page"><h1 data-testid="bed-title">入院ベッド予約</h1></div>' +
    `<script type="application/json" id="form-data">${JSON.stringify({ config, reservationFirst: false, servedAt: Date.now() })}</script>`;
});
afterEach(async () => {
  discardIsland();
  await flush();
  localStorage.clear();
  delete (globalThis as unknown as Record<string, unknown>)[EARLY_REQUESTS_KEY];
});

describe("a bed form's page before the app", () => {
  it('stays on show until the loading screens let go, and its config answers the app', async () => {
    saveSession({ idToken: makeIdToken({ sub: 'U1', exp: 4_000_000_000 }), accessToken: 'a', profile: { userId: 'U1', displayName: '山田 花子' } });
    await hydrateFormIsland(new QueryClient());
    expect(document.getElementById('ssr-page')).not.toBeNull();
    expect(early().map((r) => r.url)).toEqual(['/survey/api/v1/db/survey-configs/getItem?surveyId=nyuin']);
    expect(await (await (early()[0] as EarlyRequest).response).json()).toEqual({ result: 'OK', data: config });

    // The app: the survey screen's loading, then the bed screen's, then its calendar.
    const release = holdIsland();
    settleIslandFor('/bed-reservation/nyuin');
    await flush();
    expect(document.getElementById('ssr-page')).not.toBeNull();
    release();
    await flush();
    expect(document.getElementById('ssr-page')).toBeNull();
    expect(document.documentElement.hasAttribute('data-ssr-form')).toBe(false);
  });

  it('goes at once with no session: the app signs the visitor in', async () => {
    await hydrateFormIsland(new QueryClient());
    expect(document.getElementById('ssr-page')).toBeNull();
    expect(early()).toEqual([]);
  });
});

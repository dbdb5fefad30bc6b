/**
 * Sign-in calls of spec 01 §7: the code exchange (/login/token), the settings the PWA needs before
 * it can start a login (/app-config), and the post-login redirect (/survey/tap).
 */
import { appConfig, loginToken, surveyTap } from '@core/contract/survey';
import type { RouteContext } from '../route-context';
import { refuse } from '@core/refusals';
import { LoginExchangeError } from '../providers/login';
import { LoginUnavailableError } from '../providers/login-line';

/**
 * The target of /survey/tap, kept on this site: a path with a single leading slash. What is sent
 * is rebuilt from the parsed URL, because browsers read `/\host`, `/\t/host` or `/.//host` as
 * another host once normalised. Anything else goes to the start page.
 */
export const localRedirectTarget = (q: string | undefined): string => {
  if (!q || q[0] !== '/' || q[1] === '/' || q[1] === '\\') return '/';
  // Control characters and whitespace are dropped or reinterpreted by URL parsers.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(q)) return '/';
  const base = new URL('http://local.invalid/');
  let url: URL;
  try {
    url = new URL(q, base);
  } catch {
    return '/';
  }
  if (url.origin !== base.origin) return '/';
  const out = `${url.pathname}${url.search}${url.hash}`;
  return out.startsWith('//') || out.startsWith('/\\') ? '/' : out;
};

export const registerLoginRoutes = ({ deps, route }: RouteContext): void => {
  route(loginToken, async ({ query }) => {
    try {
      const { session, profile } = await deps.login.exchangeCode(query.code, query.redirectUri);
      return { result: 'OK', data: { session, profile } };
    } catch (e) {
      if (e instanceof LoginExchangeError) {
        throw refuse('login_failed', { reason: e.message });
      }
      if (e instanceof LoginUnavailableError) {
        deps.log('warn', { msg: 'login token endpoint unavailable', error: e.message });
        throw refuse('login_unavailable');
      }
      throw e;
    }
  });

  route(appConfig, async () => ({
    result: 'OK',
    data: {
      channelId: deps.config.line.channelId,
      authorizeUrl: deps.config.line.authorizeUrl,
      liffId: deps.config.line.liffId ?? null,
      devIssuer: deps.config.devIssuer,
      externalUrlHosts: deps.config.externalUrlHosts,
      mapTiles: deps.config.mapTiles,
      features: deps.config.features,
      botPrompt: deps.config.lineBotPrompt,
    },
  }));

  // userId is part of the spec's call but is never trusted for anything; only q matters.
  route(surveyTap, async ({ query, c }) => {
    c.header('Cache-Control', 'no-store');
    return c.redirect(localRedirectTarget(query.q), 302);
  });
};

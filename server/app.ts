/**
 * The Hono app: request ids and logs, security headers, JSON errors everywhere, the API routes of
 * the contract, the dev issuer, and the built PWA with history-style fallback.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { serveStatic } from '@hono/node-server/serve-static';
import { compress } from 'hono/compress';
import { API_PREFIX, STAFF_PREFIX, type EndpointDef } from '@core/contract/define';
import type { ErrorAnswer } from '@core/contract/envelope';
import { ID_TOKEN_EXPIRED_CODE } from '@core/contract/auth';
import { Refusal, refuse } from '@core/refusals';
import { InvalidTokenError, TokenExpiredError, type AuthUser } from './auth/verify';
import { createKioskVerifier, kioskCredentialOf } from './auth/kiosk';
import type { App, AppEnv } from './app-env';
import { errorAnswerOf, route } from './http';
import type { Deps, RouteContext } from './route-context';
import { createWriteRunner, type WriteRunner } from './idempotency';
import { createWriteRateLimiter } from './rate-limit';
import { registerFeatureGates } from './features';
import { gtmScriptHash } from './gtm';
import { registerSurveyConfigRoutes } from './routes/survey-configs';
import { registerSurveyResultRoutes } from './routes/survey-results';
import { registerLoginRoutes } from './routes/login';
import { registerSurveySearchRoutes } from './routes/survey-searches';
import { registerCalendarRoutes } from './routes/calendars';
import { registerKioskRoutes } from './routes/kiosk';
import { registerMemberRoutes } from './routes/members';
import { registerBedRoutes } from './routes/beds';
import { registerFileRoutes } from './routes/files';
import { loggablePath, registerFileTransfer } from './files/transfer';
import { registerPlaceRoutes } from './routes/places';
import { registerDevTiles, registerMapRoutes } from './routes/maps';
import { LOCAL_PAYMENT_PATH } from './providers/payment';
import { DEV_LINE_CHAT_PATH, DEV_LINE_CONTROL_PATH } from './config';
import { createLocalMessagingApi } from './providers/line-messaging-local';
import { devLineChatHandler } from './providers/line-messaging-local-chat';
import { createLocalPaymentRoutes } from './providers/payment-local';
import { registerPaymentRoutes } from './routes/payments';
import { registerStaffRoutes } from './routes/staff';
import { registerStaffMemberRoutes } from './routes/staff-members';
import { registerStaffAnswerRoutes } from './routes/staff-answers';
import { registerStaffExportRoutes } from './routes/staff-exports';
import { registerStaffRegisterRoutes } from './routes/staff-register';
import { registerStaffOidcRoutes } from './routes/staff-oidc';
import { DEV_STAFF_OIDC_PATH, createDevStaffIssuer } from './providers/staff-oidc-dev';
import { registerStaffStatusRoutes } from './routes/staff-statuses';
import { registerStaffPaymentRoutes } from './routes/staff-payments';
import { registerStaffDaySheetRoutes } from './routes/staff-day-sheet';
import { registerStaffSlotRoutes } from './routes/staff-slots';
import { registerStaffFormRoutes } from './routes/staff-forms';
import { registerStaffCalendarSettingsRoutes } from './routes/staff-calendar-settings';
import { registerStaffCategoryRoutes } from './routes/staff-categories';
import { registerStaffBedConfigRoutes } from './routes/staff-bed-config';
import { registerStaffBedWardRoutes } from './routes/staff-bed-wards';
import { registerStaffCountRoutes } from './routes/staff-counts';
import { registerStaffKioskRoutes } from './routes/staff-kiosks';
import { registerStaffAccountRoutes } from './routes/staff-accounts';
import { registerStaffMemberConfigRoutes } from './routes/staff-member-config';
import { registerStaffProductRoutes } from './routes/staff-products';
import { createStaffGate } from './staff/guard';
import { officeHandler, officeMirrorOf } from './office';
import { registerPaymentNotification, registerPaymentReturns } from './routes/payment-notification';
import { lineOutboxOf } from './line/outbox';
import { releaseExpired } from './payments/settle';
import { OPENAPI_PATH, buildOpenApi } from './openapi';
import { compressJson, compressPage } from './compress';
import { carriesForm, formPageOf, inlineScriptHashes, pageFor, withFormPage } from './page';
import { createFormPageCache } from './form-page';
import { offeredConfig } from '@core/rules/features';
import { BED_SURVEY_TYPE } from '@core/form/survey-config';
import { API_CACHE_CONTROL, PERMISSIONS_POLICY, contentSecurityPolicy, strictTransportSecurity } from './response-headers';

export type { Deps, RouteStore } from './route-context';

/** An app and its write runner (the server purges expired idempotency keys through it at startup). */
export interface CreatedApp {
  app: App;
  writes: WriteRunner;
  /** At the server's stop: answers what the dev LINE stand-in still holds (a timeout-after-accept fault), so close() need not wait. */
  releaseDev: () => void;
}

const errorJson = (c: Context<AppEnv>, status: number, body: Omit<ErrorAnswer, 'result'>) =>
  c.json({ result: 'ERROR', requestId: c.get('requestId'), ...body } satisfies ErrorAnswer, status as 400);
/** A refusal's envelope with its status: the same JSON an idempotent write stores and replays. */
const refusalJson = (c: Context<AppEnv>, r: Refusal) => c.json(errorAnswerOf(c.get('requestId'), r), r.status as 400);

export const createApp = (deps: Deps): App => createAppWithWrites(deps).app;

export const createAppWithWrites = (deps: Deps): CreatedApp => {
  const { config, log } = deps;
  const app: App = new Hono<AppEnv>();
  // The PWA: hashed assets are immutable; every other GET that is not a file is a client route.
  const indexFile = path.join(config.distDir, 'index.html');
  const formPages = createFormPageCache(config.distDir, log);
  const csp = contentSecurityPolicy(config, fs.existsSync(indexFile) ? inlineScriptHashes(fs.readFileSync(indexFile, 'utf8')) : []);
  const hsts = strictTransportSecurity(config);

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 100) || crypto.randomUUID();
    c.set('requestId', requestId);
    c.set('user', null);
    const started = performance.now();
    // An API answer is always built by the context (c.json, c.body), which takes headers set
    // before it: set afterwards instead, each header makes @hono/node-server turn its light
    // response into a full fetch Response with a body stream (measured on the reservation putItem).
    // Other answers may be Responses built elsewhere (static files, the dev issuer), which only
    // headers set afterwards reach.
    // The rules of each header: response-headers.ts.
    const api = c.req.path.startsWith(`${API_PREFIX}/`) || c.req.path.startsWith(`${STAFF_PREFIX}/`);
    if (api) {
      c.header('x-request-id', requestId);
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Cache-Control', API_CACHE_CONTROL);
      if (hsts) c.header('Strict-Transport-Security', hsts);
    }
    await next();
    if (!api) {
      c.header('x-request-id', requestId);
      c.header('X-Content-Type-Options', 'nosniff');
      if (hsts) c.header('Strict-Transport-Security', hsts);
      if (c.req.path === '/sw.js') c.header('Permissions-Policy', PERMISSIONS_POLICY);
      if (c.res.headers.get('content-type')?.startsWith('text/html')) {
        c.header('Permissions-Policy', PERMISSIONS_POLICY);
        c.header('Content-Security-Policy', c.get('pageCsp') ?? csp);
        c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
      }
    }
    if (config.logRequests) {
      log('info', {
        msg: 'request',
        method: c.req.method,
        path: loggablePath(c.req.path),
        ...(c.get('fileGrant') ? { grant: c.get('fileGrant') } : {}),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        requestId,
      });
    }
  });

  // Ahead of everything under the prefix, so each answer there (a 413 included) passes through it.
  app.use('/survey/api/*', compressJson());

  const tooLarge = (c: Context) =>
    refusalJson(c as Context<AppEnv>, refuse('payload_too_large', { limit: config.bodyLimit }));
  const countingLimit = bodyLimit({ maxSize: config.bodyLimit, onError: tooLarge });
  // hono's bodyLimit starts by reading c.req.raw.body, which makes @hono/node-server build a full
  // fetch Request with a web stream for the body on every call (measured: about a tenth of the
  // server's CPU per reservation putItem). A body announced by Content-Length alone is checked by
  // that header (Node's parser never reads past it), so the route reads it on node-server's direct
  // path; a chunked body, whose size is known only once read, still goes through the counting one.
  const limitBody: Parameters<typeof app.use>[1] = (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > config.bodyLimit ? Promise.resolve(tooLarge(c)) : next();
    }
    return countingLimit(c, next);
  };
  app.use(`${API_PREFIX}/*`, limitBody);
  app.use(`${STAFF_PREFIX}/*`, limitBody);

  const verifyKiosk = createKioskVerifier(deps.store);
  const authenticate = async (c: Context<AppEnv>, mode: EndpointDef['auth']): Promise<AuthUser | null> => {
    if (mode === 'none') return null;
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) {
      if (mode === 'optional') return null;
      throw refuse('id_token_missing');
    }
    const token = match[1] as string;
    // A kiosk's credential is no ID token: looked up, on every request, in the kiosks table.
    if (kioskCredentialOf(header)) return verifyKiosk(token);
    try {
      return await deps.verifyToken(token);
    } catch (e) {
      // spec 01 §8: an expired but genuine token is LINE's 403, so the PWA asks for a new sign-in;
      // anything forged, foreign or malformed stays a plain 401.
      if (e instanceof TokenExpiredError) throw refuse(ID_TOKEN_EXPIRED_CODE);
      if (e instanceof InvalidTokenError) throw refuse('unauthorized');
      throw e;
    }
  };

  const staffGate = createStaffGate(deps.store, config);
  const writes = createWriteRunner({ store: deps.store, log, hooks: () => deps.hooks });
  const limitWrite = createWriteRateLimiter(deps.store.db, config.writeRateLimit);
  /** What the OpenAPI document lists: the calls this app answers. */
  const registered: EndpointDef[] = [];
  const ctx: RouteContext = {
    deps: { ...deps, store: { db: deps.store.db, engine: deps.store.engine, close: deps.store.close } },
    route: (e, handler) => {
      route(app, { authenticate, writes, limitWrite, staffGate }, e, handler);
      registered.push(e);
      if (e.office) {
        const mirror = officeMirrorOf(e);
        route(app, { authenticate, writes, limitWrite, staffGate }, mirror, officeHandler(deps.store, handler));
        registered.push(mirror);
      }
    },
  };
  registerFeatureGates(app, config.features);
  registerSurveyConfigRoutes(ctx);
  registerSurveyResultRoutes(ctx);
  registerLoginRoutes(ctx);
  registerSurveySearchRoutes(ctx);
  registerCalendarRoutes(ctx);
  registerKioskRoutes(ctx);
  registerMemberRoutes(ctx);
  registerBedRoutes(ctx);
  registerFileRoutes(ctx);
  registerFileTransfer(app, deps);
  registerStaffRoutes(ctx, deps.store);
  registerStaffMemberRoutes(ctx, deps.store);
  // Before the answer routes: /answers/export and /answers/keys are not an answer's :partitionKey.
  registerStaffExportRoutes(ctx, deps.store);
  registerStaffStatusRoutes(ctx);
  registerStaffAnswerRoutes(ctx, deps.store);
  registerStaffRegisterRoutes(ctx);
  registerStaffOidcRoutes(ctx, deps.store);
  registerStaffPaymentRoutes(ctx, deps.store);
  registerStaffDaySheetRoutes(ctx);
  registerStaffSlotRoutes(ctx);
  registerStaffFormRoutes(ctx);
  registerStaffCalendarSettingsRoutes(ctx);
  registerStaffCategoryRoutes(ctx);
  registerStaffBedConfigRoutes(ctx);
  registerStaffBedWardRoutes(ctx);
  registerStaffCountRoutes(ctx);
  registerStaffKioskRoutes(ctx);
  registerStaffAccountRoutes(ctx);
  registerStaffMemberConfigRoutes(ctx);
  registerStaffProductRoutes(ctx);
  registerPlaceRoutes(ctx, deps.places);
  registerMapRoutes(ctx, deps.geocode);
  registerDevTiles(app, config);
  registerPaymentRoutes(ctx, {
    provider: deps.payment,
    holdMinutes: config.paymentHoldMinutes,
    publicUrl: config.publicUrl,
    releaseExpired: () =>
      releaseExpired(deps.store, new Date()).catch((e: unknown) => log('warn', { msg: 'releasing unpaid holds failed', error: String(e) })),
  });
  if (deps.payment) {
    registerPaymentNotification(app, { store: deps.store, provider: deps.payment, log, outbox: lineOutboxOf(deps) });
    registerPaymentReturns(app);
  }

  // Built on first request (not at startup: a server that is never asked pays nothing), then kept.
  let openApiJson: string | null = null;
  app.get(OPENAPI_PATH, (c) => {
    openApiJson ??= JSON.stringify(buildOpenApi(registered));
    c.header('Cache-Control', 'no-cache');
    return c.body(openApiJson, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  });

  let releaseDev = () => {};
  if (deps.devIssuer) {
    // LINE's Messaging API and the residents' chats, played locally: development only, as the issuer.
    const lineApi = createLocalMessagingApi();
    releaseDev = lineApi.close;
    app.route('/', lineApi.api);
    app.route(DEV_LINE_CONTROL_PATH, lineApi.control);
    app.get(DEV_LINE_CHAT_PATH, devLineChatHandler(config));
    app.route('/dev', deps.devIssuer.routes);
  }
  // The staff dev issuer: only where config chose it (no STAFF_OIDC_ISSUER, a development NODE_ENV).
  if (config.staff.oidc?.kind === 'dev') app.route(DEV_STAFF_OIDC_PATH, createDevStaffIssuer(config));
  if (deps.payment?.kind === 'local') app.route(LOCAL_PAYMENT_PATH, createLocalPaymentRoutes(deps.payment, log));

  for (const prefix of [API_PREFIX, STAFF_PREFIX]) {
    app.all(`${prefix}/*`, (c) => refusalJson(c, refuse('no_such_call', { method: c.req.method, path: c.req.path })));
  }

  // Residents are on weak mobile links: the app's JS and CSS go compressed. The build writes
  // brotli and gzip copies next to each asset (vite.config.ts, `precompress`), which serveStatic
  // sends as they are; files without a copy (sw.js, anything added by hand) are gzipped on the
  // fly, which compress() skips once a Content-Encoding is set. JSON answers have their own
  // (compress.ts, above: brotli too, and small answers left alone).
  app.use('/assets/*', compress());
  app.use('/sw.js', compress());
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The service worker and the manifest must be revalidated on every visit, or a resident keeps an
  // old version of the app long after an update.
  app.use('*', async (c, next) => {
    await next();
    if (/^\/(sw\.js|manifest\.webmanifest|workbox-[^/]+\.js|index\.html)$/.test(c.req.path)) c.header('Cache-Control', 'no-cache');
  });
  app.use('*', serveStatic({ root: path.relative(process.cwd(), config.distDir) || '.', precompressed: true }));
  app.get('*', compressPage(), async (c) => {
    if (!fs.existsSync(indexFile)) {
      return c.text('The PWA is not built yet: run `npm start` (it builds) or `npm run build`.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    const page = fs.readFileSync(indexFile, 'utf8');
    const form = await formPageOf(deps.store.db, c.req.path);
    if (form?.title && form.gtmContainerId) c.set('pageCsp', contentSecurityPolicy(config, inlineScriptHashes(page), gtmScriptHash(form.gtmContainerId)));
    const served = form?.config ? offeredConfig(form.config, config.features) : null;
    // A bed form opens on its own screen wherever it is opened: one render of it.
    const reservationFirst = (form?.reservationFirst ?? false) && served?.surveyType !== BED_SURVEY_TYPE;
    const formHtml = form && served && carriesForm(form, served, (name) => c.req.query(name)) ? await formPages.htmlOf(served, { reservationFirst }) : null;
    const full = pageFor(page, form);
    if (!served || !formHtml) return c.html(full);
    return c.html(withFormPage(formPages.withInlineStyles(full), formHtml, { config: served, reservationFirst, servedAt: Date.now() }));
  });

  app.notFound((c) => refusalJson(c, refuse('not_found')));

  app.onError((err, c) => {
    if (err instanceof Refusal) return refusalJson(c, err);
    if (err instanceof HTTPException) {
      return errorJson(c, err.status, { code: 'http_error', errorMessage: err.message || 'error' });
    }
    log('error', {
      msg: 'unhandled error',
      requestId: c.get('requestId'),
      method: c.req.method,
      path: loggablePath(c.req.path),
      error: err instanceof Error ? err.message : String(err),
      stack: err instanceof Error ? err.stack : undefined,
    });
    return refusalJson(c, refuse('internal'));
  });

  return { app, writes, releaseDev };
};

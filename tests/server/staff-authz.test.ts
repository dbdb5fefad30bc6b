/**
 * Every staff call, as the OpenAPI document lists them (so a new one cannot be left out):
 * without a staff session — no credentials, a resident's ID token, a kiosk's credential — each
 * answers 401; with one, the role × action table of core/rules/staff.ts decides (403
 * staff_forbidden exactly where canDo says no), and a call on a form (surveyId) or a calendar
 * (calendarId) answers 403 staff_team_forbidden to a person outside its teams (an admin reaches
 * every one).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, canDo, type StaffAction } from '@core/rules/staff';
import { engines, startTestServer, type TestServer } from './harness';
import { giveTeam, makeStaff, signIn, staffFetch, type TestStaff } from './staff-fixture';
import { importBundle } from '../../server/forms/import';
import { runKiosk } from '../../server/cli/kiosk';

type Op = { method: string; path: string; action: StaffAction | undefined; secured: boolean; params: string[] };

const forms = [
  { surveyId: 'authz-own', surveyTitle: '自分のチームの帳票', surveySchema: [{ itemKey: 'shimei', type: 'text', title: 'お名前' }] },
  { surveyId: 'authz-other', surveyTitle: '他のチームの帳票', surveySchema: [{ itemKey: 'shimei', type: 'text', title: 'お名前' }] },
];

const calendars = [
  { sortKey: 'authz-cal-own', calendarOff: 0, comaList: { '1': { start: '09:00', end: '10:00' } } },
  { sortKey: 'authz-cal-other', calendarOff: 0, comaList: { '1': { start: '09:00', end: '10:00' } } },
];

/** The records a team test reaches, by the path parameter that names them. */
const TARGET_PARAMS = { surveyId: { own: 'authz-own', other: 'authz-other' }, calendarId: { own: 'authz-cal-own', other: 'authz-cal-other' } } as const;
type Reach = 'own' | 'other';

/** A path with its parameters filled: the own or the other team's form or calendar, else a placeholder. */
const fill = (path: string, reach: Reach) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => (name in TARGET_PARAMS ? TARGET_PARAMS[name as keyof typeof TARGET_PARAMS][reach] : 'x'));

/**
 * A body each write passes its schema with, for the team test: the team is checked in the handler,
 * after the request is parsed. Writes not listed send {}.
 */
const SAMPLE_BODIES: Record<string, unknown> = {
  'PUT /staff/calendars/{calendarId}/arrivals': { partitionKey: 'x', itemKey: 'x', mark: 'arrived' },
};

describe.each(engines())('staff calls: sessions, roles and teams (%s)', (engine) => {
  let srv: TestServer;
  let ops: Op[];
  let kioskToken: string;
  let residentToken: string;
  const staff = new Map<string, TestStaff>();

  beforeAll(async () => {
    srv = await startTestServer(engine);
    await importBundle(srv.deps.store, { surveyConfigs: forms, calendars }, 'fixture');
    await giveTeam(srv.deps.store, '窓口', 'survey', ['authz-own']);
    await giveTeam(srv.deps.store, '別課', 'survey', ['authz-other']);
    await giveTeam(srv.deps.store, '窓口', 'calendar', ['authz-cal-own']);
    await giveTeam(srv.deps.store, '別課', 'calendar', ['authz-cal-other']);
    for (const role of STAFF_ROLES) staff.set(role, await makeStaff(srv.deps.store, { role, teams: role === 'admin' ? [] : ['窓口'] }));

    const doc = (await (await srv.fetch('/survey/api/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security: Record<string, unknown>[]; 'x-staff-action'?: StaffAction; parameters: { name: string; in: string }[] }>>;
    };
    ops = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/staff/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          action: op['x-staff-action'],
          secured: op.security.some((s) => 'staffSession' in s),
          params: op.parameters.filter((p) => p.in === 'path').map((p) => p.name),
        })),
      );

    let cliEnv: Record<string, string> = { DATA_DIR: srv.dataDir, PUBLIC_URL: srv.url };
    if (engine === 'postgres') {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(srv.deps.store.db);
      cliEnv = { ...cliEnv, DATABASE_URL: process.env['TEST_DATABASE_URL'] as string, DATABASE_SCHEMA: (rows[0] as { schema: string }).schema };
    }
    const out: string[] = [];
    expect(await runKiosk(['enrol', '--name', '受付1', '--forms', 'authz-own'], { env: cliEnv, out: (l) => out.push(l), err: () => {} })).toBe(0);
    const code = new URL(out.find((l) => l.startsWith('http')) as string).searchParams.get('code') as string;
    kioskToken = (await srv.api('POST', '/kiosk/enrol', { body: { code } })).json.token as string;
    expect(kioskToken).toMatch(/^kiosk_/);
    residentToken = await srv.token('U00000000000000000000000000000001');
  });
  afterAll(async () => srv?.stop());

  it('the document lists the staff calls, each secured one with its action', () => {
    expect(ops.length).toBeGreaterThanOrEqual(8);
    for (const op of ops.filter((o) => o.secured)) expect(op.action, `${op.method} ${op.path}`).toBeDefined();
    // Only signing in and the set-up link are open.
    expect(ops.filter((o) => !o.secured).every((o) => /^\/staff\/(sign-in|setup|oidc)/.test(o.path))).toBe(true);
  });

  it('every secured staff call answers 401 to no session, a resident token and a kiosk credential', async () => {
    const secured = ops.filter((o) => o.secured);
    for (const op of secured) {
      const path = fill(op.path, 'own').slice('/staff'.length);
      for (const authorization of [undefined, `Bearer ${residentToken}`, `Bearer ${kioskToken}`]) {
        const res = await staffFetch(srv, op.method, path, { headers: authorization ? { authorization } : {}, ...(op.method !== 'GET' ? { body: {} } : {}) });
        expect(res.status, `${op.method} ${op.path} with ${authorization?.slice(0, 13) ?? 'nothing'}`).toBe(401);
        expect(res.json.code).toBe('staff_session_required');
      }
    }
  });

  it('the role decides each call: 403 staff_forbidden exactly where canDo says no', async () => {
    // Sign-out ends the session it is called with: it goes last for each person.
    const secured = ops.filter((o) => o.secured).sort((a, b) => Number(a.path === '/staff/sign-out') - Number(b.path === '/staff/sign-out'));
    for (const role of STAFF_ROLES) {
      const cookie = await signIn(srv, staff.get(role) as TestStaff);
      for (const op of secured) {
        const res = await staffFetch(srv, op.method, fill(op.path, 'own').slice('/staff'.length), { cookie, ...(op.method !== 'GET' ? { body: {} } : {}) });
        const forbidden = res.status === 403 && res.json.code === 'staff_forbidden';
        expect(forbidden, `${role} ${op.method} ${op.path}: ${res.status} ${res.json?.code ?? ''}`).toBe(!canDo(role, op.action as StaffAction));
        expect(res.status).not.toBe(401);
        expect(res.status).toBeLessThan(500);
      }
    }
  });

  it('a call on a form or calendar outside the person’s teams is 403 staff_team_forbidden, for every role but admin', async () => {
    const onTargets = ops.filter((o) => o.secured && o.params.some((p) => p in TARGET_PARAMS));
    expect(onTargets.filter((o) => o.params.includes('surveyId')).length).toBeGreaterThan(0);
    expect(onTargets.filter((o) => o.params.includes('calendarId')).length).toBeGreaterThan(0);
    for (const role of STAFF_ROLES) {
      const cookie = await signIn(srv, staff.get(role) as TestStaff);
      for (const op of onTargets.filter((o) => canDo(role, o.action as StaffAction))) {
        const body = op.method !== 'GET' ? { body: SAMPLE_BODIES[`${op.method} ${op.path}`] ?? {} } : {};
        const other = await staffFetch(srv, op.method, fill(op.path, 'other').slice('/staff'.length), { cookie, ...body });
        const own = await staffFetch(srv, op.method, fill(op.path, 'own').slice('/staff'.length), { cookie, ...body });
        expect(other.json.code === 'staff_team_forbidden', `${role} ${op.method} ${op.path} (other team)`).toBe(role !== 'admin');
        expect(own.json?.code, `${role} ${op.method} ${op.path} (own team)`).not.toBe('staff_team_forbidden');
      }
    }
  });
});

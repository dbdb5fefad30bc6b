/**
 * Passkeys as the staff second factor over HTTP on both engines (server/staff/passkeys.ts,
 * passkey-sign-in.ts, server/routes/staff-passkeys.ts), with a software authenticator: a set-up
 * link completed with a passkey, sign-in with password + passkey, and the refusals — a replayed
 * answer, a used or expired challenge, another origin or RP ID, a counter that goes back, a wrong
 * password before the options — each counted as a failure and audited.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness';
import { STAFF_PASSWORD, makeStaff, signIn, staffFetch } from './staff-fixture';
import { SoftAuthenticator } from './soft-authenticator';
import { addStaff } from '../../server/staff/accounts';
import { refusalText } from '@core/refusals';

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe.each(engines())('staff passkeys (%s)', (engine) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(engine);
  });
  afterAll(async () => srv?.stop());

  const db = () => srv.deps.store.db;
  const staffRow = (id: string) => db().selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const signIns = async (id: string) =>
    (await db().selectFrom('audit_log').selectAll().where('actor_id', '=', id).where('action', '=', 'staff.sign_in').orderBy('seq').execute()).map((r) => ({
      outcome: r.outcome,
      detail: JSON.parse(r.detail_json) as Record<string, unknown>,
    }));

  /** An account set up through its link with a passkey of `key` (answers the account and its recovery codes). */
  const setUpWithPasskey = async (key: SoftAuthenticator, name = '鍵 太郎') => {
    const email = `passkey-${Math.random().toString(36).slice(2, 10)}@city.example.jp`;
    const added = await addStaff(srv.deps.store, { email, name, role: 'operator', teams: ['健康課'] }, new Date());
    if (!added.ok) throw new Error('add');
    const opts = await staffFetch(srv, 'POST', '/setup/passkey-options', { body: { token: added.token } });
    expect(opts.status).toBe(200);
    const done = await staffFetch(srv, 'POST', '/setup/complete', { body: { token: added.token, password: STAFF_PASSWORD, passkey: key.register(opts.json.data.options), passkeyName: 'この端末' } });
    expect(done.status).toBe(200);
    return { id: added.id, email, token: added.token, recoveryCodes: done.json.data.recoveryCodes as string[] };
  };

  const options = async (email: string, password = STAFF_PASSWORD) => staffFetch(srv, 'POST', '/sign-in/passkey/options', { body: { email, password } });
  const answer = (email: string, response: unknown) => staffFetch(srv, 'POST', '/sign-in/passkey', { body: { email, response } });

  it('sets up an account with a passkey instead of TOTP: active, no TOTP secret, the passkey stored, recovery codes answered', async () => {
    const key = new SoftAuthenticator(srv.url);
    const email = 'passkey-setup@city.example.jp';
    const added = await addStaff(srv.deps.store, { email, name: '鍵 花子', role: 'member', teams: ['健康課'] }, new Date());
    if (!added.ok) throw new Error('add');
    const opts = await staffFetch(srv, 'POST', '/setup/passkey-options', { body: { token: added.token } });
    expect(opts.status).toBe(200);
    const o = opts.json.data.options;
    expect(o.rp).toEqual({ id: '127.0.0.1', name: expect.any(String) });
    expect(o.user.name).toBe(email);
    expect(o.attestation).toBe('none');
    expect(o.authenticatorSelection.userVerification).toBe('preferred');
    // The challenge is a row of the database (any server process can check the answer), as a hash.
    const rows = await db().selectFrom('webauthn_challenges').selectAll().where('staff_id', '=', added.id).execute();
    expect(rows).toEqual([expect.objectContaining({ challenge_hash: sha256Hex(o.challenge), purpose: 'register' })]);
    expect(Date.parse(rows[0]?.expires_at as string) - Date.parse(rows[0]?.created_at as string)).toBe(5 * 60_000);

    // The password policy is checked as with TOTP, before the challenge is used.
    const weak = await staffFetch(srv, 'POST', '/setup/complete', { body: { token: added.token, password: 'password1234', passkey: key.register(o) } });
    expect(weak.json.code).toBe('password_common');
    const done = await staffFetch(srv, 'POST', '/setup/complete', { body: { token: added.token, password: STAFF_PASSWORD, passkey: key.register(o), passkeyName: 'この端末' } });
    expect(done.status).toBe(200);
    expect(done.json.data.recoveryCodes).toHaveLength(10);
    expect(await db().selectFrom('webauthn_challenges').selectAll().where('staff_id', '=', added.id).execute()).toEqual([]);

    const row = await staffRow(added.id);
    expect(row.totp_secret).toBeNull();
    expect(row.password_hash).not.toBeNull();
    const keys = await db().selectFrom('staff_passkeys').selectAll().where('staff_id', '=', added.id).execute();
    expect(keys).toEqual([expect.objectContaining({ credential_id: key.id, name: 'この端末', transports: '["internal"]' })]);
    expect(Number(keys[0]?.sign_count)).toBe(0);
    const setup = await db().selectFrom('audit_log').selectAll().where('actor_id', '=', added.id).where('action', '=', 'staff.setup').execute();
    expect(JSON.parse(setup[0]?.detail_json as string)).toEqual({ factor: 'passkey' });

    // Active with a passkey only: the right password asks for the second factor (it is not "pending").
    const first = await staffFetch(srv, 'POST', '/sign-in', { body: { email, password: STAFF_PASSWORD } });
    expect(first.json.code).toBe('staff_second_factor_required');
    // The link is used up.
    expect((await staffFetch(srv, 'POST', '/setup/passkey-options', { body: { token: added.token } })).json.code).toBe('staff_setup_link_invalid');
  });

  it('signs in with password + passkey: the session cookie, the counter moved on, the audit row via passkey', async () => {
    const key = new SoftAuthenticator(srv.url);
    const s = await setUpWithPasskey(key);
    const opts = await options(s.email.toUpperCase());
    expect(opts.status).toBe(200);
    expect(opts.json.data.options.rpId).toBe('127.0.0.1');
    expect(opts.json.data.options.allowCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['internal'] }]);
    const res = await answer(s.email, key.assert(opts.json.data.options));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: s.id, name: '鍵 太郎', role: 'operator' });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(cookie).toMatch(/^sakura_staff=/);
    expect((await staffFetch(srv, 'GET', '/me', { cookie })).json.data.id).toBe(s.id);
    const stored = await db().selectFrom('staff_passkeys').selectAll().where('credential_id', '=', key.id).executeTakeFirstOrThrow();
    expect(Number(stored.sign_count)).toBe(1);
    expect(stored.last_used_at).not.toBeNull();
    expect(await signIns(s.id)).toEqual([{ outcome: 'ok', detail: { method: 'local', via: 'passkey' } }]);
  });

  it('a replayed answer and a used challenge are refused, counted as failures and audited', async () => {
    const key = new SoftAuthenticator(srv.url);
    const s = await setUpWithPasskey(key);
    const o = (await options(s.email)).json.data.options;
    const signed = key.assert(o);
    expect((await answer(s.email, signed)).status).toBe(200);
    const replay = await answer(s.email, signed);
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe('staff_passkey_failed');
    expect(replay.json.errorMessage).toBe(refusalText('staff_passkey_failed'));
    // A fresh signature (counter moved on) over the same, used challenge.
    expect((await answer(s.email, key.assert(o))).json.code).toBe('staff_passkey_failed');
    expect((await staffRow(s.id)).failed_count).toBe(2);
    expect(await signIns(s.id)).toEqual([
      { outcome: 'ok', detail: { method: 'local', via: 'passkey' } },
      { outcome: 'refused', detail: { method: 'local', via: 'passkey', reason: 'bad_credentials' } },
      { outcome: 'refused', detail: { method: 'local', via: 'passkey', reason: 'bad_credentials' } },
    ]);
  });

  it('an answer made for another origin or another RP ID is refused', async () => {
    const key = new SoftAuthenticator(srv.url);
    const s = await setUpWithPasskey(key);
    const other = (await answer(s.email, key.assert((await options(s.email)).json.data.options, { origin: 'https://evil.example' }))).json.code;
    expect(other).toBe('staff_passkey_failed');
    const rp = (await answer(s.email, key.assert((await options(s.email)).json.data.options, { rpId: 'evil.example' }))).json.code;
    expect(rp).toBe('staff_passkey_failed');
    // And so at set-up: a passkey made for another site is not stored.
    const key2 = new SoftAuthenticator(srv.url);
    const added = await addStaff(srv.deps.store, { email: 'passkey-origin@city.example.jp', name: '別 次郎', role: 'guest', teams: [] }, new Date());
    if (!added.ok) throw new Error('add');
    const o = (await staffFetch(srv, 'POST', '/setup/passkey-options', { body: { token: added.token } })).json.data.options;
    const bad = await staffFetch(srv, 'POST', '/setup/complete', { body: { token: added.token, password: STAFF_PASSWORD, passkey: key2.register(o, { rpId: 'evil.example' }) } });
    expect(bad.json.code).toBe('staff_passkey_invalid');
    expect(await db().selectFrom('staff_passkeys').selectAll().where('staff_id', '=', added.id).execute()).toEqual([]);
    // The right answer still works afterwards (on new options: that challenge is used).
    expect((await staffFetch(srv, 'POST', '/setup/complete', { body: { token: added.token, password: STAFF_PASSWORD, passkey: key2.register(o) } })).json.code).toBe('staff_passkey_invalid');
    const again = (await staffFetch(srv, 'POST', '/setup/passkey-options', { body: { token: added.token } })).json.data.options;
    expect((await staffFetch(srv, 'POST', '/setup/complete', { body: { token: added.token, password: STAFF_PASSWORD, passkey: key2.register(again) } })).status).toBe(200);
    // The valid signature of the first account is still accepted: nothing was locked by these.
    expect((await answer(s.email, key.assert((await options(s.email)).json.data.options))).status).toBe(200);
  });

  it('a counter that goes back (or stays) is refused', async () => {
    const key = new SoftAuthenticator(srv.url);
    const s = await setUpWithPasskey(key);
    expect((await answer(s.email, key.assert((await options(s.email)).json.data.options, { counter: 5 }))).status).toBe(200);
    expect((await answer(s.email, key.assert((await options(s.email)).json.data.options, { counter: 3 }))).json.code).toBe('staff_passkey_failed');
    expect((await answer(s.email, key.assert((await options(s.email)).json.data.options, { counter: 5 }))).json.code).toBe('staff_passkey_failed');
    expect((await answer(s.email, key.assert((await options(s.email)).json.data.options, { counter: 6 }))).status).toBe(200);
    const stored = await db().selectFrom('staff_passkeys').select('sign_count').where('credential_id', '=', key.id).executeTakeFirstOrThrow();
    expect(Number(stored.sign_count)).toBe(6);
  });

  it('a wrong password before the options counts a failure and hands out no challenge; ten lock the account', async () => {
    const key = new SoftAuthenticator(srv.url);
    const s = await setUpWithPasskey(key);
    const bad = await options(s.email, 'not the password at all');
    expect(bad.status).toBe(401);
    expect(bad.json.code).toBe('staff_sign_in_failed');
    expect((await staffRow(s.id)).failed_count).toBe(1);
    expect(await db().selectFrom('webauthn_challenges').selectAll().where('staff_id', '=', s.id).execute()).toEqual([]);
    expect(await signIns(s.id)).toEqual([{ outcome: 'refused', detail: { method: 'local', via: 'passkey', reason: 'bad_credentials' } }]);
    for (let i = 0; i < 8; i++) expect((await options(s.email, `wrong password ${i}`)).json.code).toBe('staff_sign_in_failed');
    const tenth = await options(s.email, 'wrong password 9');
    expect(tenth.status).toBe(429);
    expect(tenth.json.code).toBe('staff_locked');
    expect((await options(s.email)).json.code).toBe('staff_locked');
    // An unknown address is refused like a wrong password.
    expect((await options('nobody@city.example.jp')).json.code).toBe('staff_sign_in_failed');
  });

  it('an expired challenge is refused; an account without passkeys is told to use its code', async () => {
    const key = new SoftAuthenticator(srv.url);
    const s = await setUpWithPasskey(key);
    const o = (await options(s.email)).json.data.options;
    await srv.deps.store.write((trx) =>
      trx.updateTable('webauthn_challenges').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('challenge_hash', '=', sha256Hex(o.challenge)).execute(),
    );
    expect((await answer(s.email, key.assert(o))).json.code).toBe('staff_passkey_failed');
    const totpOnly = await makeStaff(srv.deps.store, { role: 'guest' });
    const none = await options(totpOnly.email);
    expect(none.json.code).toBe('staff_passkey_none');
    expect((await staffRow(totpOnly.id)).failed_count).toBe(0);
  });

  it('a signed-in person adds another passkey (their own excluded from the options) and signs in with it', async () => {
    const s = await makeStaff(srv.deps.store, { role: 'guest', name: '追加 三郎' });
    const cookie = await signIn(srv, s);
    const opts = await staffFetch(srv, 'POST', '/passkeys/options', { cookie });
    expect(opts.status).toBe(200);
    const key = new SoftAuthenticator(srv.url);
    const added = await staffFetch(srv, 'POST', '/passkeys', { cookie, body: { response: key.register(opts.json.data.options), name: 'セキュリティキー' } });
    expect(added.status).toBe(200);
    expect(added.json.data.name).toBe('セキュリティキー');
    // The same authenticator is excluded next time; without a session the call is refused.
    const next = await staffFetch(srv, 'POST', '/passkeys/options', { cookie });
    expect(next.json.data.options.excludeCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['internal'] }]);
    expect((await staffFetch(srv, 'POST', '/passkeys/options')).status).toBe(401);
    // A registration challenge handed to one account does not register a passkey for another.
    const other = await makeStaff(srv.deps.store, { role: 'guest' });
    const otherCookie = await signIn(srv, other);
    const stolen = await staffFetch(srv, 'POST', '/passkeys', { cookie: otherCookie, body: { response: new SoftAuthenticator(srv.url).register(next.json.data.options) } });
    expect(stolen.json.code).toBe('staff_passkey_invalid');
    // Both factors now work: the TOTP account also signs in with its passkey.
    const res = await answer(s.email, key.assert((await options(s.email)).json.data.options));
    expect(res.status).toBe(200);
    expect(res.json.data.name).toBe('追加 三郎');
    const trail = await db().selectFrom('audit_log').selectAll().where('actor_id', '=', s.id).where('action', '=', 'staff.passkey_add').execute();
    expect(trail).toHaveLength(1);
  });
});

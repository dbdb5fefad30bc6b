/**
 * Local staff accounts (server/staff/) on both engines: argon2id hashes, TOTP against RFC 6238's
 * vectors, the set-up link, the sign-in check with its second factor, recovery codes and lockout,
 * and disabling. The clock is passed in, so expiry and lock times are exact.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { engines, scratchStores } from './harness';
import { hashPassword, verifyPassword } from '../../server/staff/passwords';
import { matchTotpStep, newTotpSecret, totpUri } from '../../server/staff/totp';
import { newRecoveryCodes, recoveryCodeIndex } from '../../server/staff/recovery';
import { SETUP_TOKEN_TTL_MS, issueSetupToken, redeemSetupToken, setupLink } from '../../server/staff/setup';
import { addStaff, completeSetup, disableStaff, staffState, verifyLocalSignIn } from '../../server/staff/accounts';
import { findStaffByEmail } from '../../server/store/staff';
import { insertStaffSession } from '../../server/store/staff-sessions';
import type { Store } from '../../server/store/open';

const PASSWORD = 'さくら市 窓口 2026 kiosk-blue';
const t0 = new Date('2026-12-02T00:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const MIN = 60_000;

/** The code an authenticator app shows at this instant. */
const codeAt = (secret: string, when: Date) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: when.getTime() });

describe('passwords (argon2id)', () => {
  it('hashes with argon2id and the library defaults; the hash is not the password and verifies only it', async () => {
    const h = await hashPassword(PASSWORD);
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(h).not.toContain(PASSWORD);
    expect(await hashPassword(PASSWORD)).not.toBe(h);
    expect(await verifyPassword(h, PASSWORD)).toBe(true);
    expect(await verifyPassword(h, `${PASSWORD} `)).toBe(false);
    expect(await verifyPassword('not a hash', PASSWORD)).toBe(false);
  });
});

describe('TOTP (RFC 6238)', () => {
  // Appendix B: the SHA-1 seed is the ASCII "12345678901234567890".
  const seed = Secret.fromLatin1('12345678901234567890');
  const base32 = seed.base32;

  it('the library gives the published 8-digit vectors', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
    ];
    for (const [t, code] of vectors) expect(TOTP.generate({ secret: seed, digits: 8, timestamp: t * 1000 })).toBe(code);
  });

  it('our 6-digit check accepts the vectors (their last six digits) at their time step', () => {
    expect(base32).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(matchTotpStep(base32, '287082', 59_000)).toBe(1);
    expect(matchTotpStep(base32, '081804', 1111111109_000)).toBe(37037036);
    expect(matchTotpStep(base32, '005924', 1234567890_000)).toBe(41152263);
    expect(matchTotpStep(base32, '279037', 2000000000_000)).toBe(66666666);
  });

  it('accepts one step either side, no further', () => {
    // T=59 is step 1 (30..59 s).
    expect(matchTotpStep(base32, '287082', 30_000 - 1)).toBe(1);
    expect(matchTotpStep(base32, '287082', 90_000 - 1)).toBe(1);
    expect(matchTotpStep(base32, '287082', 90_000)).toBeNull();
    expect(matchTotpStep(base32, '287082', 120_000)).toBeNull();
    expect(matchTotpStep(base32, '287083', 59_000)).toBeNull();
  });

  it('new secrets are 160 bits and enrol through an otpauth:// URI', () => {
    const secret = newTotpSecret();
    expect(Secret.fromBase32(secret).bytes.length).toBe(20);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, { issuer: 'さくら市', email: 'a@city.example.jp' }));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('さくら市');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});

describe('recovery codes', () => {
  it('ten distinct codes, stored as hashes; typed loosely they still match', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    for (const [i, c] of codes.entries()) {
      expect(hashes[i]).not.toContain(c.replace(/-/g, ''));
      expect(recoveryCodeIndex(c, hashes)).toBe(i);
      expect(recoveryCodeIndex(` ${c.toLowerCase().replace(/-/g, ' ')} `, hashes)).toBe(i);
    }
    expect(recoveryCodeIndex('0000-0000-0000-0000', hashes)).toBe(-1);
  });
});

describe.each(engines())('staff accounts on %s', (engine) => {
  const stores = scratchStores(`staff_${engine}`);
  afterAll(() => stores.closeAll());

  let n = 0;
  /** A new account, set up through its link at t0; answers its TOTP secret and recovery codes. */
  const setUp = async (store: Store, role: 'admin' | 'member' | 'operator' | 'guest' = 'member') => {
    const email = `Staff${++n}@City.Example.jp`;
    const added = await addStaff(store, { email, name: `職員 ${n}`, role, teams: ['健康課'] }, t0);
    if (!added.ok) throw new Error('not added');
    const totpSecret = newTotpSecret();
    const done = await completeSetup(store, { token: added.token, password: PASSWORD, totpSecret, code: codeAt(totpSecret, t0) }, t0);
    if (!done.ok) throw new Error(done.refusal);
    return { email, id: added.id, totpSecret, recoveryCodes: done.recoveryCodes };
  };

  it('an address has one account, whatever its case; it is pending until set up', async () => {
    const store = await stores.open(engine);
    const first = await addStaff(store, { email: 'Taro@City.Example.jp', name: '窓口 太郎', role: 'operator', teams: ['健康課'] }, t0);
    expect(first.ok).toBe(true);
    expect(await addStaff(store, { email: ' taro@city.example.jp ', name: '別人', role: 'admin', teams: [] }, t0)).toEqual({ ok: false, reason: 'exists' });
    const row = await findStaffByEmail(store.db, 'taro@city.example.jp');
    expect(row).toMatchObject({ email: 'taro@city.example.jp', name: '窓口 太郎', role: 'operator', teams: ['健康課'], passwordHash: null, totpSecret: null });
    expect(staffState(row!, t0)).toBe('pending');
    // Not set up: no password works, and nothing is said about the account.
    expect(await verifyLocalSignIn(store, 'taro@city.example.jp', PASSWORD, undefined, t0)).toEqual({ kind: 'bad_credentials' });
  });

  it('the set-up link works once, within 24 hours, and refuses weak passwords and wrong codes without being used up', async () => {
    const store = await stores.open(engine);
    const added = await addStaff(store, { email: 'hanako@city.example.jp', name: '山田 花子', role: 'member', teams: ['健康課'] }, t0);
    if (!added.ok) throw new Error('not added');
    expect(setupLink('http://localhost:8080', added.token)).toBe(`http://localhost:8080/admin/setup#token=${added.token}`);
    const stored = await store.db.selectFrom('staff_setup_tokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(added.token);
    expect(stored[0]!.expires_at).toBe(at(SETUP_TOKEN_TTL_MS).toISOString());

    const secret = newTotpSecret();
    const setup = (password: string, code: string, when: Date) => completeSetup(store, { token: added.token, password, totpSecret: secret, code }, when);
    expect(await setup('short1!', codeAt(secret, t0), t0)).toEqual({ ok: false, refusal: 'password_too_short' });
    expect(await setup('password1234', codeAt(secret, t0), t0)).toEqual({ ok: false, refusal: 'password_common' });
    expect(await setup('Hanako@City.Example.jp', codeAt(secret, t0), t0)).toEqual({ ok: false, refusal: 'password_personal' });
    expect(await setup(PASSWORD, codeAt(newTotpSecret(), t0), t0)).toEqual({ ok: false, refusal: 'staff_totp_code_invalid' });
    // A secret the server did not make (too short, not base32) is refused like a wrong code.
    for (const weak of ['JBSWY3DPEHPK3PXP', 'not base32 at all!']) {
      expect(await completeSetup(store, { token: added.token, password: PASSWORD, totpSecret: weak, code: '123456' }, t0)).toEqual({ ok: false, refusal: 'staff_totp_code_invalid' });
    }
    // 24 hours on, the link is dead.
    const late = at(SETUP_TOKEN_TTL_MS);
    expect(await setup(PASSWORD, codeAt(secret, late), late)).toEqual({ ok: false, refusal: 'staff_setup_link_invalid' });
    // Just before, it works, and then never again.
    const inTime = at(SETUP_TOKEN_TTL_MS - 1);
    const done = await setup(PASSWORD, codeAt(secret, inTime), inTime);
    expect(done.ok).toBe(true);
    if (done.ok) expect(done.recoveryCodes).toHaveLength(10);
    expect(await setup(PASSWORD, codeAt(secret, inTime), inTime)).toEqual({ ok: false, refusal: 'staff_setup_link_invalid' });
    const row = await findStaffByEmail(store.db, 'hanako@city.example.jp');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.recoveryCodeHashes).toHaveLength(10);
    expect(staffState(row!, inTime)).toBe('active');
  });

  it('a new token replaces the unused one; a token is redeemed once', async () => {
    const store = await stores.open(engine);
    const added = await addStaff(store, { email: 'jiro@city.example.jp', name: '次郎', role: 'guest', teams: [] }, t0);
    if (!added.ok) throw new Error('not added');
    const again = await store.write((trx) => issueSetupToken(trx, added.id, t0));
    expect(await store.write((trx) => redeemSetupToken(trx, added.token, t0))).toBeNull();
    expect(await store.write((trx) => redeemSetupToken(trx, again.token, t0))).toBe(added.id);
    expect(await store.write((trx) => redeemSetupToken(trx, again.token, t0))).toBeNull();
  });

  it('sign-in: password, then a TOTP code, each code once', async () => {
    const store = await stores.open(engine);
    const s = await setUp(store);
    const when = at(5 * MIN);
    expect(await verifyLocalSignIn(store, s.email, PASSWORD, undefined, when)).toEqual({ kind: 'second_factor_required' });
    expect(await verifyLocalSignIn(store, s.email, PASSWORD, '', when)).toEqual({ kind: 'second_factor_required' });
    const code = codeAt(s.totpSecret, when);
    const ok = await verifyLocalSignIn(store, s.email.toUpperCase(), PASSWORD, `${code.slice(0, 3)} ${code.slice(3)}`, when);
    expect(ok).toMatchObject({ kind: 'ok', via: 'totp', staff: { email: s.email.toLowerCase(), role: 'member' } });
    // The same code again, even within its window: refused.
    expect(await verifyLocalSignIn(store, s.email, PASSWORD, code, when)).toEqual({ kind: 'bad_credentials' });
    // The previous step's code, still in the window but before the one used: refused.
    expect(await verifyLocalSignIn(store, s.email, PASSWORD, codeAt(s.totpSecret, at(5 * MIN - 30_000)), when)).toEqual({ kind: 'bad_credentials' });
    // The next step's code works.
    const next = at(5 * MIN + 30_000);
    expect(await verifyLocalSignIn(store, s.email, PASSWORD, codeAt(s.totpSecret, next), next)).toMatchObject({ kind: 'ok' });
    // A wrong password with a right code: refused, and the code is not spent.
    const later = at(10 * MIN);
    expect(await verifyLocalSignIn(store, s.email, 'wrong password 12345', codeAt(s.totpSecret, later), later)).toEqual({ kind: 'bad_credentials' });
    expect(await verifyLocalSignIn(store, s.email, PASSWORD, codeAt(s.totpSecret, later), later)).toMatchObject({ kind: 'ok' });
    expect(await verifyLocalSignIn(store, 'nobody@city.example.jp', PASSWORD, codeAt(s.totpSecret, later), later)).toEqual({ kind: 'bad_credentials' });
  });

  it('a code sent twice at once signs in once', async () => {
    const store = await stores.open(engine);
    const s = await setUp(store);
    const when = at(7 * MIN);
    const code = codeAt(s.totpSecret, when);
    const both = await Promise.all([1, 2].map(() => verifyLocalSignIn(store, s.email, PASSWORD, code, when)));
    expect(both.map((r) => r.kind).sort()).toEqual(['bad_credentials', 'ok']);
    const rc = s.recoveryCodes[3] as string;
    const twice = await Promise.all([1, 2].map(() => verifyLocalSignIn(store, s.email, PASSWORD, rc, when)));
    expect(twice.map((r) => r.kind).sort()).toEqual(['bad_credentials', 'ok']);
    expect((await findStaffByEmail(store.db, s.email.toLowerCase()))!.recoveryCodeHashes).toHaveLength(9);
  });

  it('each recovery code works once', async () => {
    const store = await stores.open(engine);
    const s = await setUp(store);
    for (const [i, rc] of s.recoveryCodes.entries()) {
      const r = await verifyLocalSignIn(store, s.email, PASSWORD, rc.toLowerCase(), at(i * MIN));
      expect(r, rc).toMatchObject({ kind: 'ok', via: 'recovery' });
    }
    expect((await findStaffByEmail(store.db, s.email.toLowerCase()))!.recoveryCodeHashes).toEqual([]);
    expect(await verifyLocalSignIn(store, s.email, PASSWORD, s.recoveryCodes[0], at(20 * MIN))).toEqual({ kind: 'bad_credentials' });
  });

  it('ten failures in a row lock the account for 15 minutes; wrong codes count too', async () => {
    const store = await stores.open(engine);
    const s = await setUp(store);
    const when = at(MIN);
    for (let i = 1; i <= 8; i++) expect(await verifyLocalSignIn(store, s.email, `wrong password ${i}!`, undefined, when)).toEqual({ kind: 'bad_credentials' });
    // A wrong second factor is the ninth failure.
    expect(await verifyLocalSignIn(store, s.email, PASSWORD, '000000' === codeAt(s.totpSecret, when) ? '111111' : '000000', when)).toEqual({ kind: 'bad_credentials' });
    const until = at(MIN + 15 * MIN).toISOString();
    expect(await verifyLocalSignIn(store, s.email, 'wrong password 10!', undefined, when)).toEqual({ kind: 'locked', until });
    // Locked: even the right credentials are refused, and nothing more is counted.
    const during = at(MIN + 15 * MIN - 1);
    expect(await verifyLocalSignIn(store, s.email, PASSWORD, codeAt(s.totpSecret, during), during)).toEqual({ kind: 'locked', until });
    const row = await findStaffByEmail(store.db, s.email.toLowerCase());
    expect(staffState(row!, during)).toBe('locked');
    expect(row!.failedCount).toBe(0);
    // Fifteen minutes on, the right credentials work and the lock is cleared.
    const after = at(MIN + 15 * MIN);
    expect(await verifyLocalSignIn(store, s.email, PASSWORD, codeAt(s.totpSecret, after), after)).toMatchObject({ kind: 'ok' });
    expect(await findStaffByEmail(store.db, s.email.toLowerCase())).toMatchObject({ failedCount: 0, lockedUntil: null });
  });

  it('a success starts the count afresh', async () => {
    const store = await stores.open(engine);
    const s = await setUp(store);
    for (let i = 0; i < 9; i++) await verifyLocalSignIn(store, s.email, 'wrong password xx!', undefined, at(MIN));
    expect(await verifyLocalSignIn(store, s.email, PASSWORD, codeAt(s.totpSecret, at(2 * MIN)), at(2 * MIN))).toMatchObject({ kind: 'ok' });
    expect(await verifyLocalSignIn(store, s.email, 'wrong password xx!', undefined, at(3 * MIN))).toEqual({ kind: 'bad_credentials' });
    expect((await findStaffByEmail(store.db, s.email.toLowerCase()))!.failedCount).toBe(1);
  });

  it('disabling deletes the sessions rows of that person only, and refuses the sign-in', async () => {
    const store = await stores.open(engine);
    const s = await setUp(store);
    const other = await setUp(store);
    const session = (id: string, staffId: string) =>
      store.write((trx) =>
        insertStaffSession(trx, {
          id,
          staff_id: staffId,
          created_at: t0.toISOString(),
          last_seen_at: t0.toISOString(),
          idle_expires_at: at(30 * MIN).toISOString(),
          expires_at: at(12 * 60 * MIN).toISOString(),
        }),
      );
    await session('a1', s.id);
    await session('a2', s.id);
    await session('b1', other.id);
    const when = at(MIN);
    expect(await disableStaff(store, s.email, when)).toEqual({ id: s.id, disabledAt: when.toISOString(), already: false });
    const left = await store.db.selectFrom('staff_sessions').select(['id']).execute();
    expect(left.map((r) => r.id)).toEqual(['b1']);
    expect(await disableStaff(store, s.email, at(2 * MIN))).toEqual({ id: s.id, disabledAt: when.toISOString(), already: true });
    expect(await disableStaff(store, 'nobody@city.example.jp', when)).toBeNull();
    // Only the right password learns that the account is disabled.
    expect(await verifyLocalSignIn(store, s.email, PASSWORD, codeAt(s.totpSecret, at(3 * MIN)), at(3 * MIN))).toEqual({ kind: 'disabled' });
    expect(await verifyLocalSignIn(store, s.email, 'wrong password xx!', undefined, at(3 * MIN))).toEqual({ kind: 'bad_credentials' });
    expect(staffState((await findStaffByEmail(store.db, s.email.toLowerCase()))!, at(3 * MIN))).toBe('disabled');
  });
});

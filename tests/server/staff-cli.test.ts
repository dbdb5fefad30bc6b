/**
 * `npm run staff:add | staff:list | staff:disable` through the command's main function, against a
 * database of its own on each engine, as an operator runs it beside the server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, engines } from './harness';
import { runStaff } from '../../server/cli/staff';
import { completeSetup } from '../../server/staff/accounts';
import { newTotpSecret } from '../../server/staff/totp';
import { openStore, type Store } from '../../server/store/open';

describe.each(engines())('staff command line on %s', (engine) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liff-forms-staff-cli-'));
  const pgSchema = engine === 'postgres' ? `t_staff_cli_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : undefined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(pgSchema ? { DATABASE_URL: process.env['TEST_DATABASE_URL'] as string, DATABASE_SCHEMA: pgSchema } : {}),
  };
  let clock = new Date('2026-12-02T00:00:00.000Z');
  let store: Store;

  const cli = async (args: string[], extraEnv: Record<string, string> = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runStaff(args, { env: { ...env, ...extraEnv }, out: (l) => out.push(l), err: (l) => err.push(l), now: () => clock });
    return { code, out, err };
  };
  const linkOf = (out: string[]) => out.find((l) => l.startsWith('http')) as string;

  beforeAll(async () => {
    // The first command creates the database, as on a fresh install.
    expect((await cli(['list'])).out).toEqual(['スタッフのアカウントはありません / no staff accounts']);
    store = await openStore({ dataDir, databaseUrl: env['DATABASE_URL'], pgSchema });
  });
  afterAll(async () => {
    await store?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgSchema) await dropSchema(pgSchema);
  });

  it('add prints a one-time set-up link under PUBLIC_URL, valid 24 hours', async () => {
    const r = await cli(['add', '--', '--email', 'Hanako@City.Example.jp', '--name', '山田 花子', '--role', 'member', '--team', '健康課', '--team', '子育て,健康課']);
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out[0]).toBe('スタッフを登録しました / staff added: hanako@city.example.jp\t山田 花子\tmember (メンバー)\tteams: 健康課,子育て');
    const link = linkOf(r.out);
    expect(link).toMatch(/^http:\/\/localhost:8080\/admin\/setup#token=[A-Za-z0-9_-]{43}$/);
    expect(r.out).toContain('有効期限 / expires: 2026-12-03 09:00:00 JST (24 時間 / hours)');

    const other = await cli(['add', '--email', 'taro@city.example.jp', '--name', '窓口 太郎', '--role', 'operator'], { PUBLIC_URL: 'https://forms.city.example.jp/' });
    expect(other.code).toBe(0);
    expect(linkOf(other.out)).toMatch(/^https:\/\/forms\.city\.example\.jp\/admin\/setup#token=/);
    expect(other.out.some((l) => l.startsWith('注意: チームがない'))).toBe(true);

    // The link sets the account up (the console's page comes next; here through its function).
    const token = new URL(link).hash.replace('#token=', '');
    const totpSecret = newTotpSecret();
    const code = TOTP.generate({ secret: Secret.fromBase32(totpSecret), timestamp: clock.getTime() });
    expect(await completeSetup(store, { token, password: 'さくら市 窓口 2026 kiosk-blue', totpSecret, code }, clock)).toMatchObject({ ok: true });
  });

  it('refuses a second account for an address, and bad arguments, writing nothing', async () => {
    const dup = await cli(['add', '--email', 'HANAKO@city.example.jp', '--name', '別人', '--role', 'admin']);
    expect(dup.code).toBe(1);
    expect(dup.err[0]).toContain('すでにあります');
    for (const args of [
      ['add', '--email', 'not-an-email', '--name', 'x', '--role', 'guest'],
      ['add', '--email', 'a@city.example.jp', '--role', 'guest'],
      ['add', '--email', 'a@city.example.jp', '--name', 'x', '--role', 'owner'],
      ['add', '--email', 'a@city.example.jp', '--name', 'x', '--role', 'guest', '--colour', 'red'],
      ['disable'],
      ['remove', 'a@city.example.jp'],
      [],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err.join('\n')).toContain('使い方 / usage:');
    }
    const count = await store.db.selectFrom('staff').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('list shows email, name, role, teams and state', async () => {
    const r = await cli(['list']);
    expect(r.code).toBe(0);
    expect(r.out).toEqual([
      'hanako@city.example.jp\t山田 花子\tmember (メンバー)\tteams: 健康課,子育て\t利用中\tcreated: 2026-12-02 09:00:00 JST',
      'taro@city.example.jp\t窓口 太郎\toperator (オペレーター)\tteams: -\t設定待ち\tcreated: 2026-12-02 09:00:00 JST',
    ]);
  });

  it('disable ends the sessions and shows in the list', async () => {
    const staff = await store.db.selectFrom('staff').select(['id']).where('email', '=', 'hanako@city.example.jp').executeTakeFirstOrThrow();
    const iso = clock.toISOString();
    await store.write((trx) =>
      trx.insertInto('staff_sessions').values({ id: 'h1', staff_id: staff.id, created_at: iso, last_seen_at: iso, idle_expires_at: iso, expires_at: iso }).execute(),
    );
    clock = new Date('2026-12-02T03:30:00.000Z');
    const r = await cli(['disable', '--', 'Hanako@City.Example.jp']);
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out[0]).toContain('停止しました');
    expect(r.out[0]).toContain('hanako@city.example.jp (2026-12-02 12:30:00 JST)');
    expect(await store.db.selectFrom('staff_sessions').selectAll().execute()).toEqual([]);
    expect((await cli(['disable', 'hanako@city.example.jp'])).out[0]).toContain('すでに停止しています');
    const missing = await cli(['disable', 'nobody@city.example.jp']);
    expect(missing.code).toBe(1);
    expect(missing.err[0]).toContain('アカウントはありません');
    expect((await cli(['list'])).out[0]).toBe(
      'hanako@city.example.jp\t山田 花子\tmember (メンバー)\tteams: 健康課,子育て\t停止\tcreated: 2026-12-02 09:00:00 JST\tdisabled: 2026-12-02 12:30:00 JST',
    );
  });
});

/**
 * Which card provider a started server mounts, by NODE_ENV × LINE channel × provider settings,
 * asserted over HTTP: the test-card simulator (/dev/payment) answers only under a development
 * NODE_ENV with the dev issuer and no real provider; elsewhere payments go to the real provider,
 * or are off (現在決済を受け付けておりません。). The start-up log names the live one, and the demo
 * forms load by default only where the simulator may run.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LogRecord } from '../../server/log';
import { startTestServer, type TestServer } from './harness';

const LINE = { LINE_CHANNEL_ID: '1234567890', LINE_CHANNEL_SECRET: 's3cret' };
const PROVIDER = { PAYMENT_PROVIDER_URL: 'https://pay.example.jp/link', PAYMENT_MERCHANT_ID: '30132', PAYMENT_SERVICE_ID: '101', PAYMENT_HASH_KEY: 'c48e0e5d' };
// A deployment outside development names its scanner (server/config.ts); the built-in one will do here.
const SCAN = { FILE_SCAN: 'builtin' };

type Row = { name: string; env: Record<string, string>; mounted: 'local' | 'provider' | 'off'; demo: boolean };

const rows: Row[] = [
  { name: 'NODE_ENV unset, dev issuer, no provider', env: {}, mounted: 'local', demo: true },
  { name: 'NODE_ENV=test, dev issuer, no provider', env: { NODE_ENV: 'test' }, mounted: 'local', demo: true },
  { name: 'NODE_ENV unset, LINE channel, no provider', env: { ...LINE }, mounted: 'off', demo: false },
  { name: 'NODE_ENV=development, LINE channel, no provider', env: { NODE_ENV: 'development', ...LINE }, mounted: 'off', demo: false },
  { name: 'NODE_ENV=production, LINE channel, no provider', env: { NODE_ENV: 'production', ...LINE, ...SCAN }, mounted: 'off', demo: false },
  { name: 'NODE_ENV unset, dev issuer, real provider', env: { ...PROVIDER }, mounted: 'provider', demo: true },
  { name: 'NODE_ENV=production, LINE channel, real provider', env: { NODE_ENV: 'production', ...LINE, ...PROVIDER, ...SCAN }, mounted: 'provider', demo: false },
  // The build switch wins over the provider settings and the simulator alike.
  { name: 'PAYMENT=0, dev issuer, no provider', env: { PAYMENT: '0' }, mounted: 'off', demo: true },
  { name: 'PAYMENT=0, LINE channel, real provider', env: { PAYMENT: '0', NODE_ENV: 'production', ...LINE, ...PROVIDER, ...SCAN }, mounted: 'off', demo: false },
];

describe('the payment provider a server mounts', () => {
  let srv: TestServer | undefined;
  afterEach(async () => {
    await srv?.stop();
    srv = undefined;
  });

  it.each(rows)('$name: $mounted', async ({ env, mounted, demo }) => {
    const lines: LogRecord[] = [];
    // LOAD_DEMO empty is unset: the server's own default decides.
    srv = await startTestServer('sqlite', { LOAD_DEMO: '', ...env }, { log: (_level, rec) => lines.push(rec) });

    const pay = await srv.fetch('/dev/payment/pay', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'order_id=x' });
    // The simulator refuses an unsigned form with its own page (400); unmounted, nothing is there.
    expect(pay.status).toBe(mounted === 'local' ? 400 : 404);
    const note = await srv.fetch('/payments/pagecon', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'order_id=x' });
    expect(note.status).toBe(mounted === 'off' ? 404 : 200);

    const started = lines.find((l) => l.msg === 'payments');
    expect(started?.['provider']).toMatch(mounted === 'local' ? /^local simulator/ : mounted === 'provider' ? /^card provider at https:\/\/pay\.example\.jp\/link/ : /^off/);
    if (env['PAYMENT'] === '0') expect(started?.['provider']).toBe('off (PAYMENT=0)');
    expect(lines.find((l) => l.msg === 'features')).toMatchObject({ payment: env['PAYMENT'] !== '0', members: true });

    const open = await srv.fetch('/survey/api/v1/db/survey-configs/open');
    const forms = ((await open.json()) as { data: unknown[] }).data;
    expect(forms.length > 0).toBe(demo);
  });
});

describe('the file scanner a server starts with', () => {
  it.each([
    ['NODE_ENV=production, LINE channel', { NODE_ENV: 'production', ...LINE }],
    ['NODE_ENV unset, LINE channel', { ...LINE }],
  ])('%s: refuses to start without CLAMD_SOCKET or FILE_SCAN=builtin', async (_name, env) => {
    await expect(startTestServer('sqlite', { ...env, FILE_SCAN: '' })).rejects.toThrow(/CLAMD_SOCKET is required .* FILE_SCAN=builtin/);
  });

  it('starts with clamd, or with FILE_SCAN=builtin and a warning', async () => {
    const lines: { level: string; msg: string }[] = [];
    const log = (level: string, rec: LogRecord) => lines.push({ level, msg: rec.msg });
    const withClamd = await startTestServer('sqlite', { NODE_ENV: 'production', ...LINE, FILE_SCAN: '', CLAMD_SOCKET: '127.0.0.1:1' }, { log });
    await withClamd.stop();
    expect(lines.some((l) => l.msg.startsWith('files: FILE_SCAN=builtin'))).toBe(false);
    const builtin = await startTestServer('sqlite', { NODE_ENV: 'production', ...LINE, ...SCAN }, { log });
    await builtin.stop();
    expect(lines).toContainEqual({ level: 'warn', msg: expect.stringMatching(/^files: FILE_SCAN=builtin/) });
    // In development the built-in scanner alone is the default, said nowhere.
    lines.length = 0;
    const dev = await startTestServer('sqlite', { FILE_SCAN: '' }, { log });
    await dev.stop();
    expect(lines.some((l) => l.msg.startsWith('files:'))).toBe(false);
  });
});

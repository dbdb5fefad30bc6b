/** loadConfig: what the environment may say, and what it refuses before the server starts. */
import { describe, expect, it } from 'vitest';
import { loadConfig, parseExternalUrlHosts } from '../../server/config';

const LINE = { LINE_CHANNEL_ID: '1234567890', LINE_CHANNEL_SECRET: 's3cret', FILE_SCAN: 'builtin' };

describe('the dev issuer and NODE_ENV', () => {
  it.each([undefined, '', 'development', 'test'])('NODE_ENV=%j without a LINE channel starts the dev issuer', (nodeEnv) => {
    const config = loadConfig(nodeEnv === undefined ? {} : { NODE_ENV: nodeEnv });
    expect(config.devIssuer).toBe(true);
    expect(config.line.issuer).toBe('http://localhost:8080/dev');
  });

  it.each(['production', 'prod', 'Production', 'PRODUCTION', 'staging', 'Development', ' development', 'dev'])(
    'NODE_ENV=%j without a LINE channel refuses to start, saying why',
    (nodeEnv) => {
      expect(() => loadConfig({ NODE_ENV: nodeEnv })).toThrow(/LINE_CHANNEL_ID is required/);
      expect(() => loadConfig({ NODE_ENV: nodeEnv })).toThrow(/dev issuer .* runs only when NODE_ENV is unset, development or test/);
    },
  );

  it.each(['production', 'prod', 'staging', 'development'])('NODE_ENV=%j with a LINE channel uses LINE', (nodeEnv) => {
    const config = loadConfig({ NODE_ENV: nodeEnv, ...LINE });
    expect(config.devIssuer).toBe(false);
    expect(config.line.channelId).toBe('1234567890');
    expect(config.line.issuer).toBe('https://access.line.me');
  });

  it('marks only NODE_ENV=production as production', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...LINE }).production).toBe(true);
    expect(loadConfig({ NODE_ENV: 'prod', ...LINE }).production).toBe(false);
    expect(loadConfig({}).production).toBe(false);
  });
});

describe('EXTERNAL_URL_HOSTS', () => {
  it('is empty unless set', () => {
    expect(loadConfig({}).externalUrlHosts).toEqual([]);
    expect(loadConfig({ EXTERNAL_URL_HOSTS: '' }).externalUrlHosts).toEqual([]);
  });

  it('reads comma-separated host names as URL.hostname spells them', () => {
    expect(loadConfig({ EXTERNAL_URL_HOSTS: 'www.City.Sakura.example.jp , LINE.me,line.me' }).externalUrlHosts).toEqual([
      'www.city.sakura.example.jp',
      'line.me',
    ]);
    expect(parseExternalUrlHosts('例え.jp,[::1],192.168.0.1')).toEqual(['xn--r8jz45g.jp', '[::1]', '192.168.0.1']);
  });

  it.each(['https://www.city.example.jp', 'www.city.example.jp/kurashi', 'www.city.example.jp:8443', '*.example.jp', 'user@example.jp', 'a b.jp', 'exa%mple.jp'])(
    'refuses %j, which is not a bare host name',
    (entry) => {
      expect(() => loadConfig({ EXTERNAL_URL_HOSTS: `line.me,${entry}` })).toThrow(/EXTERNAL_URL_HOSTS: .* is not a host name/);
    },
  );
});

describe('the card payment provider', () => {
  const PROVIDER = {
    PAYMENT_PROVIDER_URL: 'https://pay.example.jp/f01/FepBuyInfoReceive.do',
    PAYMENT_MERCHANT_ID: '30132',
    PAYMENT_SERVICE_ID: '101',
    PAYMENT_HASH_KEY: 'c48e0e5d',
  };

  it('is the local provider in development and off elsewhere when unset', () => {
    expect(loadConfig({}).payment).toEqual({ kind: 'local' });
    expect(loadConfig({ NODE_ENV: 'test' }).payment).toEqual({ kind: 'local' });
    expect(loadConfig({ NODE_ENV: 'production', ...LINE }).payment).toBeNull();
    expect(loadConfig({ NODE_ENV: 'staging', ...LINE }).payment).toBeNull();
  });

  it('is the real provider when configured, its origin allowed as a form action', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...LINE, ...PROVIDER });
    expect(config.payment).toEqual({ kind: 'provider', url: PROVIDER.PAYMENT_PROVIDER_URL, merchantId: '30132', serviceId: '101', hashKey: 'c48e0e5d', refundUrl: null });
    expect(config.paymentProviderOrigin).toBe('https://pay.example.jp');
    expect(loadConfig({ ...PROVIDER, PAYMENT_PROVIDER_ORIGIN: 'https://other.example.jp' }).paymentProviderOrigin).toBe('https://other.example.jp');
  });

  it('refuses a partial provider setting', () => {
    const { PAYMENT_HASH_KEY: _key, ...partial } = PROVIDER;
    expect(() => loadConfig({ NODE_ENV: 'production', ...LINE, ...partial })).toThrow(/set together, or none of them/);
    expect(() => loadConfig({ PAYMENT_HASH_KEY: 'k' })).toThrow(/set together/);
  });

  it('holds unpaid slots 30 minutes unless set', () => {
    expect(loadConfig({}).paymentHoldMinutes).toBe(30);
    expect(loadConfig({ PAYMENT_HOLD_MINUTES: '10' }).paymentHoldMinutes).toBe(10);
    expect(() => loadConfig({ PAYMENT_HOLD_MINUTES: '1' })).toThrow();
    expect(loadConfig({}).paymentSweepSeconds).toBe(60);
    expect(loadConfig({ PAYMENT_SWEEP_SECONDS: '5' }).paymentSweepSeconds).toBe(5);
    expect(() => loadConfig({ PAYMENT_SWEEP_SECONDS: '0' })).toThrow();
  });
});

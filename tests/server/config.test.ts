/** loadConfig: what the environment may say, and what it refuses before the server starts. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const LINE = { LINE_CHANNEL_ID: '1234567890', LINE_CHANNEL_SECRET: 's3cret' };

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

/**
 * The offline layer's chunk not arriving (offline on a first visit, before the service worker
 * holds it): the send says the network failed, not 不明なエラーです, and the next try loads again.
 */
import { describe, expect, it, vi } from 'vitest';
import { describeSendError } from '../../src/form/submit-flow';
import { isApiClientError } from '../../src/lib/api-error';
import { ja } from '../../src/messages/ja';
import { pageOutbox } from '../../src/offline/load';

let arrives = false;
vi.mock('../../src/offline/runtime', () => {
  if (!arrives) throw new TypeError('Failed to fetch dynamically imported module');
  return { getOutbox: () => 'outbox' };
});

describe("the offline layer's code", () => {
  it('not arriving fails as the network does, and is fetched again on the next try', async () => {
    const failure = await pageOutbox().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isApiClientError(failure) && failure.code).toBe('network');
    expect(describeSendError(failure).message).toBe(ja.errors.network);

    arrives = true;
    await expect(pageOutbox()).resolves.toBe('outbox');
  });
});

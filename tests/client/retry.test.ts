import { describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '../../src/lib/api-error';
import { classifyFailure, withRetry } from '../../src/lib/retry';
import { fakeRetryDeps } from './fake-clock';

const retryable503 = () => new ApiClientError({ status: 503, code: 'unavailable', errorMessage: 'busy', retryable: true });

describe('retry rule (spec 01 §7)', () => {
  it('tries a retryable 503 three times in all, within 60 s, then gives the error', async () => {
    const clock = fakeRetryDeps();
    const run = vi.fn(async () => {
      throw retryable503();
    });
    await expect(withRetry(run, { deps: clock.deps })).rejects.toMatchObject({ status: 503, retryable: true });
    expect(run).toHaveBeenCalledTimes(3);
    expect(clock.sleeps).toHaveLength(2);
    // Exponential backoff with a small jitter (random 0.5 → +250 ms).
    expect(clock.sleeps).toEqual([2_250, 4_250]);
    expect(clock.elapsed()).toBeLessThan(60_000);
  });

  it('succeeds when a later attempt answers', async () => {
    const clock = fakeRetryDeps();
    let n = 0;
    const run = vi.fn(async () => {
      n += 1;
      if (n < 3) throw retryable503();
      return 'ok';
    });
    await expect(withRetry(run, { deps: clock.deps })).resolves.toBe('ok');
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('never waits past the 60 s budget', async () => {
    const clock = fakeRetryDeps();
    // Each attempt takes 28 s before the server says 503: the wait before a third would end past 60 s.
    const run = vi.fn(async () => {
      clock.advance(28_000);
      throw retryable503();
    });
    await expect(withRetry(run, { deps: clock.deps })).rejects.toMatchObject({ status: 503 });
    expect(run).toHaveBeenCalledTimes(2);
    expect(clock.elapsed()).toBeLessThanOrEqual(60_000);
  });

  it('does not retry a 503 without retryable: true, nor other statuses', async () => {
    for (const err of [
      new ApiClientError({ status: 503, code: 'unavailable', errorMessage: 'down' }),
      new ApiClientError({ status: 500, code: 'internal', errorMessage: 'x', retryable: true }),
      new ApiClientError({ status: 404, code: 'not_found', errorMessage: 'x' }),
    ]) {
      const clock = fakeRetryDeps();
      const run = vi.fn(async () => {
        throw err;
      });
      await expect(withRetry(run, { deps: clock.deps })).rejects.toBe(err);
      expect(run).toHaveBeenCalledTimes(1);
      expect(clock.sleeps).toEqual([]);
    }
  });

  it('retries a network failure once, after 1 s', async () => {
    const clock = fakeRetryDeps();
    const run = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(withRetry(run, { deps: clock.deps })).rejects.toBeInstanceOf(TypeError);
    expect(run).toHaveBeenCalledTimes(2);
    expect(clock.sleeps).toEqual([1_000]);
  });

  it('recovers when the network comes back on the second try', async () => {
    const clock = fakeRetryDeps();
    const run = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(42);
    await expect(withRetry(run, { deps: clock.deps })).resolves.toBe(42);
    expect(clock.sleeps).toEqual([1_000]);
  });

  it('ends a hung attempt with code timeout after 30 s and aborts it', async () => {
    const clock = fakeRetryDeps();
    let seen: AbortSignal | undefined;
    const run = vi.fn((signal: AbortSignal) => {
      seen = signal;
      return new Promise<never>(() => {});
    });
    const result = withRetry(run, { deps: clock.deps });
    clock.advance(29_999);
    expect(seen?.aborted).toBe(false);
    clock.advance(1);
    await expect(result).rejects.toMatchObject({ code: 'timeout', errorMessage: 'Request timeout' });
    expect(seen?.aborted).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('cuts a late retry short at the 60 s mark instead of running past it', async () => {
    const clock = fakeRetryDeps();
    let n = 0;
    const run = vi.fn(async () => {
      n += 1;
      if (n === 1) {
        clock.advance(29_000);
        throw retryable503();
      }
      return new Promise<never>(() => {});
    });
    const result = withRetry(run, { deps: clock.deps });
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    // The second attempt starts at 31.25 s and gets only the 28.75 s left of the budget, not 30 s.
    clock.advance(28_749);
    expect(clock.pendingTimers()).toBe(1);
    clock.advance(1);
    await expect(result).rejects.toMatchObject({ code: 'timeout' });
    expect(clock.elapsed()).toBe(60_000);
  });

  it('honours a shorter timeout from the caller', async () => {
    const clock = fakeRetryDeps();
    const result = withRetry(() => new Promise<never>(() => {}), { deps: clock.deps, policy: { timeoutMs: 5_000 } });
    clock.advance(5_000);
    await expect(result).rejects.toMatchObject({ code: 'timeout' });
  });

  it('stops at once when the caller aborts', async () => {
    const clock = fakeRetryDeps();
    const controller = new AbortController();
    const result = withRetry(() => new Promise<never>(() => {}), { deps: clock.deps, signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(clock.pendingTimers()).toBe(0);
  });

  it('classifies failures', () => {
    expect(classifyFailure(retryable503())).toBe('retryable');
    expect(classifyFailure(new TypeError('Failed to fetch'))).toBe('network');
    expect(classifyFailure(new Error('x'))).toBe('final');
  });
});

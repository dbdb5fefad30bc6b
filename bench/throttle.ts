/**
 * Chrome DevTools' Slow 4G profile with a slower CPU, and a poll of the page through CDP: shared by
 * the benchmarks that load pages as a resident's phone would (offline, surveyjs).
 */
import type { CDPSession } from '@playwright/test';

/** Chrome's Slow 4G preset: 562.5 ms latency, 180,000 B/s down, 675 kbit/s up. */
export const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: (675 * 1024) / 8 } as const;

/** Slow 4G and a CPU `cpuRate` times slower on the page `cdp` is attached to (Network.enable first). */
export const throttleSlow4g = async (cdp: CDPSession, cpuRate = 4): Promise<void> => {
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
};

/**
 * Polls `expression` in the page until it is a number. Through a CDP session of its own:
 * Playwright's waitForFunction first injects its own script into the page, which under 4× CPU
 * holds the main thread for about half a second while the page loads, and a phone runs no such script.
 */
export const pollNumber = async (cdp: CDPSession, expression: string, failure: string, timeoutMs = 60_000): Promise<number> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // The document may still be replacing the previous one: no context yet is "not yet".
    const answer = (await cdp.send('Runtime.evaluate', { expression, returnByValue: true }).catch(() => null)) as {
      result: { value?: unknown };
    } | null;
    const value = answer?.result.value;
    if (typeof value === 'number') return value;
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

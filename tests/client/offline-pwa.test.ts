import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { POSTCODE_CHUNK_DIR } from '@core/pwa/sw-contract';
import { createPwaUpdater, type WorkboxLike } from '../../src/lib/pwa';

describe('PWA update flow', () => {
  const fakeWorkbox = (controlled = true) => {
    const waiting: (() => void)[] = [];
    const wb = {
      addEventListener: (_type: 'waiting', fn: () => void) => {
        waiting.push(fn);
      },
      messageSkipWaiting: vi.fn(),
    };
    const container = Object.assign(new EventTarget(), { controller: controlled ? {} : null });
    const fire = (type: 'waiting' | 'controllerchange') => {
      if (type === 'waiting') waiting.forEach((h) => h());
      else container.dispatchEvent(new Event('controllerchange'));
    };
    return { wb: wb as unknown as WorkboxLike & { messageSkipWaiting: typeof wb.messageSkipWaiting }, container, fire };
  };

  it('a waiting version shows the prompt; accepting skips waiting and reloads once the new worker controls', () => {
    const { wb, container, fire } = fakeWorkbox();
    const reload = vi.fn();
    const timers: (() => void)[] = [];
    const updater = createPwaUpdater({ wb, container, reload, setTimer: (fn) => (timers.push(fn), () => {}) });
    const seen: boolean[] = [];
    updater.subscribe(() => seen.push(updater.getState().needRefresh));
    expect(updater.getState().needRefresh).toBe(false);

    fire('waiting');
    expect(updater.getState().needRefresh).toBe(true);
    expect(reload).not.toHaveBeenCalled();

    updater.accept();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    fire('controllerchange');
    expect(reload).toHaveBeenCalledTimes(1);
    // The fallback timer and a second event do not reload again.
    timers.forEach((fn) => fn());
    fire('controllerchange');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([true]);
  });

  it('never reloads by itself; when another tab accepted, this one offers the reload too', () => {
    const { wb, container, fire } = fakeWorkbox();
    const reload = vi.fn();
    const updater = createPwaUpdater({ wb, container, reload });
    fire('controllerchange');
    expect(reload).not.toHaveBeenCalled();
    expect(updater.getState().needRefresh).toBe(true);
    updater.accept();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the first install taking control (clientsClaim) is not an update', () => {
    const { wb, container, fire } = fakeWorkbox(false);
    const reload = vi.fn();
    const updater = createPwaUpdater({ wb, container, reload });
    fire('controllerchange');
    expect(updater.getState().needRefresh).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('dismiss hides the prompt until the next version', () => {
    const { wb, container, fire } = fakeWorkbox();
    const updater = createPwaUpdater({ wb, container, reload: vi.fn() });
    fire('waiting');
    updater.dismiss();
    expect(updater.getState().needRefresh).toBe(false);
    fire('waiting');
    expect(updater.getState().needRefresh).toBe(true);
  });
});

describe('build settings', () => {
  it('vite.config.ts puts the postcode chunks where the service worker expects them', () => {
    const config = readFileSync(path.join(process.cwd(), 'vite.config.ts'), 'utf8');
    expect(config).toContain(`const POSTCODE_CHUNK_DIR = '${POSTCODE_CHUNK_DIR}';`);
  });
});

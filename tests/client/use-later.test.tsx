/**
 * src/lib/use-later.ts: a part loaded after the first screen shows once it is here; a failed
 * load shows nothing (never an error screen) and is tried again when the browser is back online,
 * or after a short wait.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { laterComponent } from '../../src/lib/later-component';
import { LATER_RETRY_MS, preloadLater, useLater } from '../../src/lib/use-later';

const part = { Part: () => <p data-testid="part">here</p> };

function Host({ load }: { load: (() => Promise<typeof part>) | null }) {
  const mod = useLater(load);
  return <div data-testid="host">{mod ? <mod.Part /> : 'waiting'}</div>;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useLater', () => {
  it('shows nothing until the module is here, then the part', async () => {
    let arrive: (m: typeof part) => void = () => {};
    const load = () => new Promise<typeof part>((resolve) => (arrive = resolve));
    render(<Host load={load} />);
    expect(screen.getByTestId('host').textContent).toBe('waiting');
    await act(async () => arrive(part));
    expect(screen.getByTestId('part').textContent).toBe('here');
  });

  it('a failed load shows nothing, and is tried again once the browser is back online', async () => {
    const load = vi.fn<() => Promise<typeof part>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(part);
    render(<Host load={load} />);
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('host').textContent).toBe('waiting');
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(load).toHaveBeenCalledTimes(2);
    expect(await screen.findByTestId('part')).toBeTruthy();
    // Here now: another online event loads nothing more.
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a failed load on a link that never went offline is tried again after a short wait', async () => {
    vi.useFakeTimers();
    const fail = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const load = vi.fn<() => Promise<typeof part>>().mockImplementationOnce(fail).mockImplementationOnce(fail).mockResolvedValue(part);
    render(<Host load={load} />);
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(LATER_RETRY_MS - 10)));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(20)));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => void (await vi.advanceTimersByTimeAsync(LATER_RETRY_MS)));
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.getByTestId('part').textContent).toBe('here');
  });

  it('stops trying once the part is no longer on screen', async () => {
    vi.useFakeTimers();
    const load = vi.fn<() => Promise<typeof part>>().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const view = render(<Host load={load} />);
    await act(async () => {});
    view.unmount();
    await act(async () => void (await vi.advanceTimersByTimeAsync(LATER_RETRY_MS * 3)));
    window.dispatchEvent(new Event('online'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a preloaded part shows on its first render', async () => {
    const load = vi.fn(async () => part);
    preloadLater(load);
    await act(async () => {});
    render(<Host load={load} />);
    expect(screen.getByTestId('part').textContent).toBe('here');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('once here, a part mounted later shows at once, without loading again', async () => {
    const load = vi.fn(async () => part);
    const first = render(<Host load={load} />);
    await screen.findByTestId('part');
    first.unmount();
    render(<Host load={load} />);
    expect(screen.getByTestId('part').textContent).toBe('here');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('null asks for nothing', () => {
    render(<Host load={null} />);
    expect(screen.getByTestId('host').textContent).toBe('waiting');
  });
});

describe('laterComponent', () => {
  it('shows its fallback until the code is here and while a failed load waits, then the component with its props', async () => {
    vi.useFakeTimers();
    const Shown = ({ text }: { text: string }) => <p data-testid="shown">{text}</p>;
    const load = vi.fn<() => Promise<typeof Shown>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Shown);
    const Later = laterComponent(load);
    render(<Later text="地図" fallback={<p data-testid="fallback">読み込み中</p>} />);
    await act(async () => {});
    // The failed load threw nothing: the fallback stays.
    expect(screen.getByTestId('fallback')).toBeTruthy();
    await act(async () => void (await vi.advanceTimersByTimeAsync(LATER_RETRY_MS)));
    expect(screen.getByTestId('shown').textContent).toBe('地図');
    expect(screen.queryByTestId('fallback')).toBeNull();
  });
});

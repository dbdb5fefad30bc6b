/**
 * src/lib/use-later.ts: a part loaded after the first screen shows once it is here; a failed
 * load shows nothing (never an error screen) and is tried again when the browser is back online.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLater } from '../../src/lib/use-later';

const part = { Part: () => <p data-testid="part">here</p> };

function Host({ load }: { load: (() => Promise<typeof part>) | null }) {
  const mod = useLater(load);
  return <div data-testid="host">{mod ? <mod.Part /> : 'waiting'}</div>;
}

afterEach(cleanup);

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
    // Only one retry per failure: another online event loads nothing more.
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(load).toHaveBeenCalledTimes(2);
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

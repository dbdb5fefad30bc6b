/**
 * The console's status pieces (src/features/admin/status/): the chip in the spec's colours with
 * readable contrast, and the change control — only the statuses staff may set, a dialog saying
 * how many answers change, the note passed on, nothing sent when the dialog is left.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_STATUS_COLOURS } from '@core/rules/status';
import { CHECK_STATUSES } from '@core/contract/result-rows';
import { STATUS_EFFECTS } from '@core/rules/status-effects';
import { StatusChip } from '../../src/features/admin/status/status-chip';
import { StatusChange } from '../../src/features/admin/status/status-change';
import { jaConsole } from '../../src/messages/ja-console';

afterEach(cleanup);

const wrap = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

/** WCAG relative luminance contrast of two #rrggbb colours. */
const contrast = (a: string, b: string) => {
  const lum = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};
const hexOf = (rgb: string) => {
  const m = /rgb\((\d+), (\d+), (\d+)\)/.exec(rgb);
  return m ? `#${m.slice(1, 4).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}` : rgb;
};

describe('StatusChip', () => {
  it('shows each status in its spec colour, every one readable (4.5:1)', () => {
    for (const status of CHECK_STATUSES) {
      wrap(<StatusChip status={status} />);
      const chip = screen.getByText(status).closest('[data-status-colour]') as HTMLElement;
      const expected = ADMIN_STATUS_COLOURS.find(([s]) => s === status)?.[1] ?? 'none';
      expect(chip.dataset['statusColour'], status).toBe(expected);
      expect(contrast(hexOf(chip.style.color), hexOf(chip.style.backgroundColor)), status).toBeGreaterThanOrEqual(4.5);
      cleanup();
    }
  });
});

describe('StatusChange', () => {
  it('offers only what staff may set, and confirms with the number of answers before sending', async () => {
    const onConfirm = vi.fn();
    wrap(<StatusChange count={1234} onConfirm={onConfirm} />);
    const select = screen.getByLabelText(jaConsole.status.choose) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(CHECK_STATUSES.filter((s) => STATUS_EFFECTS[s].staffMaySet));
    expect([...select.options].map((o) => o.value)).not.toContain('変更あり');
    fireEvent.change(select, { target: { value: 'キャンセル' } });
    fireEvent.change(screen.getByLabelText(jaConsole.status.note), { target: { value: ' 電話で依頼あり ' } });
    fireEvent.click(screen.getByRole('button', { name: jaConsole.status.change }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1,234件の回答の状態を「キャンセル」に変更します。よろしいですか？')).toBeTruthy();
    expect(within(dialog).getByText(jaConsole.status.cancelNote)).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: jaConsole.status.doChange }));
    expect(onConfirm).toHaveBeenCalledWith('キャンセル', '電話で依頼あり');
  });

  it('sends nothing when the dialog is left, and cannot start with no answer chosen', async () => {
    const onConfirm = vi.fn();
    wrap(<StatusChange count={2} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: jaConsole.status.change }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: jaConsole.status.back }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
    cleanup();
    wrap(<StatusChange count={0} onConfirm={onConfirm} />);
    expect((screen.getByRole('button', { name: jaConsole.status.change }) as HTMLButtonElement).disabled).toBe(true);
  });
});

/** The resident above a form: their LINE picture, or the name's first character without one. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResidentHeader } from '../../src/ui/resident-header';

afterEach(cleanup);

describe('ResidentHeader', () => {
  it('shows the picture with the name as its text alternative, and the name with 様', () => {
    render(<ResidentHeader profile={{ userId: 'U1', displayName: '山田 花子', pictureUrl: 'https://example.jp/p.png' }} />);
    const img = screen.getByTestId('resident-picture').querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://example.jp/p.png');
    expect(img?.getAttribute('alt')).toBe('山田 花子');
    expect(screen.getByTestId('resident-name').textContent).toBe('山田 花子');
    expect(screen.getByTestId('resident-name').parentElement?.textContent).toBe('山田 花子 様');
  });

  it("shows the name's first character without a picture, and when the picture fails to load", () => {
    render(<ResidentHeader profile={{ userId: 'U1', displayName: '𠮷田 一郎' }} />);
    expect(screen.getByTestId('resident-picture').textContent).toBe('𠮷');
    cleanup();
    render(<ResidentHeader profile={{ userId: 'U1', displayName: '山田 花子', pictureUrl: 'https://example.jp/gone.png' }} />);
    fireEvent.error(screen.getByTestId('resident-picture').querySelector('img')!);
    expect(screen.getByTestId('resident-picture').querySelector('img')).toBeNull();
    expect(screen.getByTestId('resident-picture').textContent).toBe('山');
  });

  it('tries a new picture again after an earlier one failed (another resident on the same screen)', () => {
    const { rerender } = render(<ResidentHeader profile={{ userId: 'U1', displayName: '山田 花子', pictureUrl: 'https://example.jp/gone.png' }} />);
    fireEvent.error(screen.getByTestId('resident-picture').querySelector('img')!);
    rerender(<ResidentHeader profile={{ userId: 'U2', displayName: '佐藤 一郎', pictureUrl: 'https://example.jp/u2.png' }} />);
    expect(screen.getByTestId('resident-picture').querySelector('img')?.getAttribute('src')).toBe('https://example.jp/u2.png');
  });
});

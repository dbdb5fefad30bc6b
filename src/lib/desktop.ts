/**
 * Whether the device types with a keyboard and points with a mouse: width conversion on input
 * happens there only (spec 01 §5); a phone keeps what its IME gives.
 */
export const isDesktop = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;

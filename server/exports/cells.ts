/**
 * A CSV line as Excel reads it (RFC 4180 quoting, CRLF), with formula injection neutralised: a cell
 * a resident typed that begins with = + - @ (or a tab or CR) would run as a formula when the file
 * is opened, so it is written after an apostrophe (OWASP's CSV injection advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export const neutralised = (cell: string): string => (FORMULA_START.test(cell) ? `'${cell}` : cell);

const field = (cell: string): string => {
  const safe = neutralised(cell);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export const csvLine = (cells: readonly string[]): string => `${cells.map(field).join(',')}\r\n`;

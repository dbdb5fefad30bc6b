/**
 * Secure file names (spec 02 §5, core/contract/file-rules.ts) against 1,000 generated names, each
 * judged by an oracle written apart from the rule: code points walked one by one, reserved names
 * listed in full. The generator leans on the names that slipped through before (TAB, LF, BEL,
 * U+202E, COM¹, COM0, LPT0, `Con .pdf`).
 */
import { describe, expect, it } from 'vitest';
import { MAX_SECURE_FILE_NAME, secureFileNameProblem } from '@core/contract/file-rules';
import { mulberry32 } from '../prng';

const EXTENSIONS = ['jpg', 'jpeg', 'png', 'heic', 'heif', 'pdf'];
const DEVICES = ['CON', 'PRN', 'AUX', 'NUL', ...['COM', 'LPT'].flatMap((d) => [...'0123456789¹²³'].map((n) => d + n))];

const isInvisible = (cp: number) =>
  cp < 0x20 ||
  (cp >= 0x7f && cp <= 0x9f) ||
  cp === 0xad ||
  cp === 0x61c ||
  cp === 0x180e ||
  (cp >= 0x200b && cp <= 0x200f) ||
  (cp >= 0x202a && cp <= 0x202e) ||
  (cp >= 0x2060 && cp <= 0x2069) ||
  cp === 0xfeff;

/** Whether a name is acceptable, decided step by step. */
const oracleAccepts = (name: string): boolean => {
  for (const ch of name) if (isInvisible(ch.codePointAt(0) as number)) return false;
  if (name.length > MAX_SECURE_FILE_NAME) return false;
  if (name.endsWith('.') || name.endsWith(' ')) return false;
  const dots = [...name].filter((c) => c === '.').length;
  if (dots !== 1) return false;
  const [base, ext] = name.split('.') as [string, string];
  if (base.length === 0) return false;
  for (const ch of base) if ('<>:"/\\|?*'.includes(ch)) return false;
  let bare = base;
  while (bare.endsWith(' ') || bare.endsWith('.')) bare = bare.slice(0, -1);
  if (DEVICES.includes(bare.toUpperCase())) return false;
  return EXTENSIONS.includes(ext.toLowerCase());
};

const PIECES = ['診断書', 'report', 'a', ' ', '.', '\t', '\n', '\u0007', '\u202e', '\u200b', '\u061c', '\u0085', '¹', '0', 'com', 'LPT', 'Con', 'nul', '<', '?', '*', 'ｱ', '😀', '-', '_'];

describe('secure file names: 1,000 generated', () => {
  it('the rule agrees with the oracle on every one', () => {
    const rnd = mulberry32(20261201);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
    const names: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const base = rnd() < 0.25 ? pick(DEVICES).toLowerCase() + (rnd() < 0.5 ? pick([' ', '.', '  ']) : '') : Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => pick(PIECES)).join('');
      const ext = rnd() < 0.85 ? pick(EXTENSIONS).toUpperCase() : pick(['exe', 'svg', '', 'pdf ']);
      names.push(rnd() < 0.1 ? base : `${base}.${ext}`);
    }
    const disagreements = names.filter((n) => (secureFileNameProblem(n) === null) !== oracleAccepts(n));
    expect(disagreements).toEqual([]);
    // The generator reaches both sides.
    expect(names.filter(oracleAccepts).length).toBeGreaterThan(100);
    expect(names.filter((n) => !oracleAccepts(n)).length).toBeGreaterThan(100);
  });

  it('refuses each name that slipped through before', () => {
    for (const name of ['a\tb.pdf', 'a\nb.pdf', 'a\u0007.pdf', 'gpj\u202e.pdf', 'COM¹.pdf', 'COM0.pdf', 'LPT0.pdf', 'Con .pdf', 'lpt³.png', 'aux .jpg']) {
      expect(secureFileNameProblem(name), JSON.stringify(name)).not.toBeNull();
    }
    expect(secureFileNameProblem('a\tb.pdf')).toBe('unprintable');
    expect(secureFileNameProblem('Con .pdf')).toBe('reservedName');
    expect(secureFileNameProblem('COM10.pdf')).toBeNull();
    expect(secureFileNameProblem('診断書 2.pdf')).toBeNull();
  });
});

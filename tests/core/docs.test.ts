/**
 * The docs match the code's shape (issue 55): the README stays a front page (at most 15 KB), every
 * top-level folder of core/, src/ and server/ is named in docs/ARCHITECTURE.md, and every docs page
 * the README links to exists.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (p: string) => readFileSync(path.join(ROOT, p), 'utf8');

describe('docs', () => {
  it('the README is at most 15 KB', () => {
    expect(statSync(path.join(ROOT, 'README.md')).size).toBeLessThanOrEqual(15 * 1024);
  });

  it('docs/ARCHITECTURE.md names every top-level folder of core/, src/ and server/', () => {
    const architecture = read('docs/ARCHITECTURE.md');
    const missing = ['core', 'src', 'server'].flatMap((top) =>
      readdirSync(path.join(ROOT, top), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .filter((name) => !new RegExp(`^\\s+${name}/`, 'm').test(architecture))
        .map((name) => `${top}/${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('every docs page the README links to exists', () => {
    const links = [...read('README.md').matchAll(/\]\((docs\/[^)#]+)\)/g)].map((m) => m[1] as string);
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((l) => !existsSync(path.join(ROOT, l)))).toEqual([]);
  });
});

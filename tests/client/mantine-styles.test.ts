/**
 * src/app/mantine.css imports only the Mantine stylesheets the app uses (issue 5: the full
 * styles.css is ~37 KB gzip of render-blocking CSS). A component used in src/ without its
 * stylesheet would render unstyled, so every @mantine/core import must find its file there, with
 * the stylesheets of the parts it is built from.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const stylesDir = path.join(root, 'node_modules/@mantine/core/styles');

/** Parts a component renders whose own stylesheet it needs (from @mantine/core's sources). */
const PARTS: Record<string, string[]> = {
  TextInput: ['Input'],
  Textarea: ['Input'],
  InputBase: ['Input'],
  NativeSelect: ['Input', 'Combobox'],
  Select: ['Input', 'Combobox', 'Popover', 'ScrollArea'],
  Autocomplete: ['Input', 'Combobox', 'Popover', 'ScrollArea'],
  Button: ['UnstyledButton', 'Loader'],
  ActionIcon: ['UnstyledButton', 'Loader'],
  Alert: ['CloseButton'],
  Card: ['Paper'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  Notification: ['Loader', 'CloseButton'],
  SegmentedControl: ['FloatingIndicator'],
  Anchor: ['Text'],
  Radio: ['InlineInput'],
};

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });

const usedComponents = (): Set<string> => {
  const used = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*'@mantine\/core'/g)) {
      for (const name of (m[1] as string).split(',')) {
        const n = name.trim();
        if (n && !n.startsWith('type ')) used.add(n);
      }
    }
  }
  return used;
};

const imported = (): string[] =>
  [...fs.readFileSync(path.join(root, 'src/app/mantine.css'), 'utf8').matchAll(/@import '@mantine\/core\/styles\/([^']+)\.css';/g)].map(
    (m) => m[1] as string,
  );

describe('Mantine stylesheets (src/app/mantine.css)', () => {
  it('has the baseline, the CSS variables and the global classes first (MantineProvider injects none under the CSP)', () => {
    expect(imported().slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });

  it('imports the stylesheet of every Mantine component the app uses, and of its parts', () => {
    const have = new Set(imported());
    const used = usedComponents();
    expect(used.has('Button')).toBe(true);
    const missing: string[] = [];
    for (const c of used) {
      for (const name of [c, ...(PARTS[c] ?? [])]) {
        if (fs.existsSync(path.join(stylesDir, `${name}.css`)) && !have.has(name)) missing.push(`${c} → ${name}.css`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names only files that exist, in the order of Mantine\'s full stylesheet', () => {
    const all = fs.readFileSync(path.join(root, 'node_modules/@mantine/core/styles.css'), 'utf8');
    const at = imported().map((name) => {
      const file = path.join(stylesDir, `${name}.css`);
      expect(fs.existsSync(file), name).toBe(true);
      return all.indexOf(fs.readFileSync(file, 'utf8').trim().slice(0, 200));
    });
    expect(at.every((p) => p >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });
});

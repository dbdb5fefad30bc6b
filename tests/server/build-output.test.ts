/**
 * The production build's own plugins (vite.config.ts) as a developer meets them: the app's first
 * chunk carries V8's compile hint on its first line, and `vite build --sourcemap` still maps that
 * chunk's code back to its sources, the hint's extra line notwithstanding.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liff-forms-build-'));

beforeAll(async () => {
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'silent', build: { outDir, sourcemap: true } });
}, 120_000);

afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

const firstChunk = () => {
  const name = fs.readdirSync(path.join(outDir, 'assets')).find((f) => /^index-.*\.js$/.test(f));
  if (!name) throw new Error('no first chunk in the build');
  const file = path.join(outDir, 'assets', name);
  return { code: fs.readFileSync(file, 'utf8'), map: JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as object };
};

describe('the first chunk of the build', () => {
  it('starts with the compile hint', () => {
    expect(firstChunk().code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
  });

  it('maps back to its sources through the source map', () => {
    const { code, map } = firstChunk();
    const text = '●本帳票が無効になっています。';
    const at = code.indexOf(text);
    expect(at).toBeGreaterThan(0);
    const lines = code.slice(0, at).split('\n');
    const original = new SourceMapConsumer(map as ConstructorParameters<typeof SourceMapConsumer>[0]).originalPositionFor({
      line: lines.length,
      column: (lines[lines.length - 1] as string).length,
    });
    const source = fs.readFileSync(path.join(root, 'src/messages/ja.ts'), 'utf8').split('\n');
    expect(original.source).toMatch(/src\/messages\/ja\.ts$/);
    expect(source[(original.line ?? 0) - 1]).toContain(text);
  });
});

describe('the staff console in the build', () => {
  it('has chunks of its own that the service worker does not precache, and none of its texts in the first chunk', () => {
    const consoleDir = path.join(outDir, 'assets/console');
    const chunks = fs.readdirSync(consoleDir).filter((f) => f.endsWith('.js'));
    expect(chunks.some((f) => f.startsWith('sign-in-screen-'))).toBe(true);
    expect(chunks.some((f) => f.startsWith('console-home-'))).toBe(true);
    const sw = fs.readFileSync(path.join(outDir, 'sw.js'), 'utf8');
    expect(sw).toContain('assets/index-');
    expect(sw).not.toContain('assets/console/');
    expect(firstChunk().code).not.toContain('職員サインイン');
  });

  it('loads the data grid and its stylesheet with the console only, out of the precache', () => {
    const consoleDir = path.join(outDir, 'assets/console');
    const css = fs.readdirSync(consoleDir).filter((f) => f.endsWith('.css'));
    expect(css.some((f) => fs.readFileSync(path.join(consoleDir, f), 'utf8').includes('mantine-datatable'))).toBe(true);
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    for (const href of html.match(/assets\/[^"]+\.css/g) ?? []) expect(fs.readFileSync(path.join(outDir, href), 'utf8')).not.toContain('mantine-datatable');
    const sw = fs.readFileSync(path.join(outDir, 'sw.js'), 'utf8');
    expect(sw).not.toContain('answers-screen');
  });
});

describe("the app's chunk in the build (issue 60)", () => {
  const appFiles = () => {
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const block = /<script type="application\/json" id="app-chunks">([^<]*)<\/script>/.exec(html)?.[1];
    if (!block) throw new Error('index.html names no app chunks');
    return JSON.parse(block) as string[];
  };

  it('is out of the first chunk: the router and the screens come in a few files of their own, named in index.html', () => {
    const files = appFiles();
    expect(files.length).toBeGreaterThan(0);
    // Every file more is a round trip on Slow 4G: the app's modules are grouped.
    expect(files.length).toBeLessThanOrEqual(6);
    for (const f of files) expect(fs.existsSync(path.join(outDir, f))).toBe(true);
    const app = files.map((f) => fs.readFileSync(path.join(outDir, f), 'utf8')).join('\n');
    // The router's tree is in them, not in the first chunk.
    expect(app).toContain('routeTree');
    expect(firstChunk().code).not.toContain('routeTree');
    const first = firstChunk().code;
    // Imported on demand (src/main.tsx, after a form's hydration), never statically.
    for (const f of files) expect(first).not.toContain(`from"./${path.basename(f)}"`);
  });

  it("compiles while it streams in, as the first chunk does, and the service worker precaches it", () => {
    const [screens] = appFiles().filter((f) => /\/screens-/.test(f));
    expect(screens).toBeDefined();
    expect(fs.readFileSync(path.join(outDir, screens as string), 'utf8').split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(fs.readFileSync(path.join(outDir, 'sw.js'), 'utf8')).toContain(path.basename(screens as string));
  });
});

/**
 * What a first visit downloads before its form shows (issue 5, issue 21): the modules src/main.tsx
 * reaches through static imports, and the app's chunk (src/app/app.tsx), which main.tsx imports
 * at once on most pages and after the form's hydration on a form's page the server rendered
 * (issue 60). Parts no first screen needs are behind import() and must stay there: one static
 * import of them pulls their code into the first screen's files.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();

const resolveFile = (from: string, spec: string): string | null => {
  let base: string;
  if (spec.startsWith('@core/')) base = path.join(ROOT, 'core', spec.slice('@core/'.length));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${spec}`);
};

/** Static, value-carrying import and re-export specifiers of one file (no `import type`, no import()). */
const staticImports = (file: string): string[] => {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specs: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (node.importClause?.isTypeOnly) continue;
      specs.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (node.isTypeOnly) continue;
      specs.push(node.moduleSpecifier.text);
    }
  }
  return specs;
};

const staticGraph = (...starts: string[]): { files: Set<string>; packages: Set<string> } => {
  const files = new Set<string>();
  const packages = new Set<string>();
  const walk = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of staticImports(file)) {
      if (/\.css$/.test(spec)) continue;
      const next = resolveFile(file, spec);
      if (next) walk(next);
      else packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
    }
  };
  for (const start of starts) walk(path.join(ROOT, start));
  return { files: new Set([...files].map((f) => path.relative(ROOT, f))), packages };
};

describe("the first screen's code", () => {
  const { files, packages } = staticGraph('src/main.tsx', 'src/app/app.tsx');

  it('holds the survey screen and its form', () => {
    // The walk itself works: the first screen of most visits is reached.
    expect(files).toContain('src/features/answer/survey-screen.tsx');
    expect(files).toContain('src/form/survey-form.tsx');
    expect(packages).toContain('@mantine/core');
  });

  it('leaves out what shows only after the first screen', () => {
    for (const later of [
      'src/features/answer/completion.tsx',
      'src/features/answer/edit-notice.tsx',
      'src/ui/outbox-status.tsx',
      'src/features/account/account-menu.tsx',
      'src/features/kiosk/kiosk-frame.tsx',
      'src/features/kiosk/idle-watch.tsx',
      'src/form/confirm-dialog.tsx',
      'src/offline/runtime.ts',
      'src/lib/liff.ts',
    ]) {
      expect(files, later).not.toContain(later);
    }
    expect(packages).not.toContain('dexie');
    expect(packages).not.toContain('workbox-window');
    expect(packages).not.toContain('@line/liff');
  });
});

describe("the first chunk of a form's page (issue 60)", () => {
  const { files } = staticGraph('src/main.tsx');

  it("holds what hydrating the server's form needs, not the router and the screens", () => {
    for (const needed of ['src/ssr/hydrate.tsx', 'src/form/survey-form.tsx']) expect(files, needed).toContain(needed);
    for (const later of ['src/app/app.tsx', 'src/app/router.ts', 'src/features/answer/survey-screen.tsx']) expect(files, later).not.toContain(later);
  });
});


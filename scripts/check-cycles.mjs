// `npm run lint`'s import-cycle check (issue 55): fails on any cycle of static imports among the
// files of core/, src/, sw/ and server/, naming one cycle per knot of files.
//
// Why a script of its own: it resolves imports with the TypeScript compiler the project already
// has, through the same tsconfig files (the @core/* alias, sw/'s own tsconfig), and finds the
// strongly connected components of the whole graph in one pass, in a few seconds. import-x/no-cycle
// walks the graph again for every file and needs two more packages with a resolver to configure;
// knip's own cycle report follows the back edges of one depth-first walk, so a cycle closed through
// an already visited file goes unreported, and its allow-list names paths whose start and order
// depend on that walk; madge and dpdm would be one more dependency, without an allow-list.
//
// Type-only imports count too: they are erased from the JavaScript, so they cannot upset module
// evaluation, but two modules that name each other's types still cannot be read, tested or moved
// one without the other, which is what issue 55 is about. Dynamic import() is left out: a lazy
// chunk imports its loader's modules by design (src/offline/runtime.ts → cache.ts → load.ts, which
// loads it), and by the time it runs every static import has been evaluated; so is a type-only
// import of a module the same file loads dynamically, which is the type of that import() (load.ts's
// `import type * as Runtime from './runtime'`).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIRS = ['core', 'src', 'sw', 'server'];

/**
 * Known cycles, as the import edges that close them: the check leaves these edges out and fails on
 * any cycle left. Each entry must still be in the code, so the list can only shrink.
 */
/** @type {[string, string][]} */
const ALLOWED_EDGES = [];

const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');

const compilerOptionsOf = (tsconfig) => {
  const read = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(tsconfig)).options;
};
const rootOptions = compilerOptionsOf(path.join(ROOT, 'tsconfig.json'));
const swOptions = compilerOptionsOf(path.join(ROOT, 'sw', 'tsconfig.json'));
const rootCache = ts.createModuleResolutionCache(ROOT, (f) => f, rootOptions);
const swCache = ts.createModuleResolutionCache(path.join(ROOT, 'sw'), (f) => f, swOptions);

const sourceFiles = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name));

const files = DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)));
const inScope = new Set(files);

/** The module specifiers of a file's static imports and re-exports, but for the types of its import()s. */
const staticSpecifiers = (file) => {
  const text = fs.readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false, kind);
  const loaded = new Set();
  const findImportCalls = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      loaded.add(node.arguments[0].text);
    }
    ts.forEachChild(node, findImportCalls);
  };
  findImportCalls(sf);
  const out = [];
  for (const st of sf.statements) {
    const typeOnly = ts.isImportDeclaration(st) ? Boolean(st.importClause?.isTypeOnly) : ts.isExportDeclaration(st) && st.isTypeOnly;
    const spec = ts.isImportDeclaration(st) || ts.isExportDeclaration(st) ? st.moduleSpecifier : undefined;
    if (spec && ts.isStringLiteral(spec) && !(typeOnly && loaded.has(spec.text))) out.push(spec.text);
  }
  return out;
};

/** file → the in-scope files it imports statically. */
const graph = new Map();
for (const file of files) {
  const sw = rel(file).startsWith('sw/');
  const targets = new Set();
  for (const spec of staticSpecifiers(file)) {
    const { resolvedModule } = ts.resolveModuleName(spec, file, sw ? swOptions : rootOptions, ts.sys, sw ? swCache : rootCache);
    const target = resolvedModule?.resolvedFileName;
    if (target && inScope.has(target)) targets.add(rel(target));
  }
  graph.set(rel(file), targets);
}

const problems = [];
for (const [from, to] of ALLOWED_EDGES) {
  if (graph.get(from)?.delete(to)) continue;
  problems.push(`allowed import ${from} → ${to} is no longer in the code: take it off ALLOWED_EDGES in scripts/check-cycles.mjs`);
}

// Tarjan's strongly connected components, iteratively (no recursion limit on a long chain).
const index = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const components = [];
let next = 0;
for (const start of graph.keys()) {
  if (index.has(start)) continue;
  const work = [[start, [...graph.get(start)][Symbol.iterator]()]];
  index.set(start, next);
  low.set(start, next++);
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const [node, successors] = work[work.length - 1];
    const step = successors.next();
    if (!step.done) {
      const succ = step.value;
      if (!index.has(succ)) {
        index.set(succ, next);
        low.set(succ, next++);
        stack.push(succ);
        onStack.add(succ);
        work.push([succ, [...graph.get(succ)][Symbol.iterator]()]);
      } else if (onStack.has(succ)) {
        low.set(node, Math.min(low.get(node), index.get(succ)));
      }
      continue;
    }
    work.pop();
    if (work.length > 0) {
      const parent = work[work.length - 1][0];
      low.set(parent, Math.min(low.get(parent), low.get(node)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node).has(node)) components.push(component.sort());
    }
  }
}

/** The shortest cycle through `start` inside its component, as a path that ends where it starts. */
const cycleThrough = (start, members) => {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const succ of graph.get(node)) {
      if (succ === start) {
        const pathBack = [start];
        for (let n = node; n !== start; n = previous.get(n)) pathBack.push(n);
        return [start, ...pathBack.slice(1).reverse(), start];
      }
      if (members.has(succ) && !previous.has(succ)) {
        previous.set(succ, node);
        queue.push(succ);
      }
    }
  }
  return [start, start];
};

for (const component of components) {
  const cycle = cycleThrough(component[0], new Set(component));
  const others = component.length > cycle.length - 1 ? ` (its knot: ${component.join(', ')})` : '';
  problems.push(`import cycle: ${cycle.join(' → ')}${others}`);
}

if (problems.length > 0) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
const edges = [...graph.values()].reduce((n, s) => n + s.size, 0);
console.log(`check-cycles: ${graph.size} files, ${edges} imports, no cycle (${ALLOWED_EDGES.length} allowed)`);

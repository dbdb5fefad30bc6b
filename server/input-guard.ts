/**
 * The request rules of core/contract/input.ts, applied by route() to the raw path parameters, query
 * and body before any schema, fingerprint or handler sees them — so nothing is written. One walk,
 * iterative (a 4 MB body can nest two million levels; recursion would overflow the stack).
 *
 * Readings chosen:
 * - Invalid UTF-8 in the body is not refused: c.req.text() decodes it with TextDecoder, which turns
 *   each bad sequence into U+FFFD, an ordinary character that is then validated, stored and answered
 *   as it is. What is acknowledged is what is stored, which is the point of the rule. Likewise an
 *   invalid percent escape in the URL (%FF, %ED%A0%80) stays its literal text (Hono's decoding).
 * - A raw NUL byte in the body cannot reach a string: JSON forbids it unescaped (400 malformed).
 *   The escapes \u0000 and \ud800 do reach one, and are refused here.
 * - Object keys are text too: a key with such a character is refused at that key's path.
 */
import { MAX_JSON_DEPTH, UNUSABLE_CHARACTER_KEY, hasUnusableCharacter } from '@core/contract/input';
import type { Issue } from '@core/contract/envelope';
import { refuse } from '@core/refusals';

/** Enough for the resident's form to mark every item; the answer stays small whatever was sent. */
const MAX_ISSUES = 50;

interface Node {
  value: unknown;
  depth: number;
  parent: Node | null;
  key: string;
}

/** A path segment as it can be shown: a key's own bad characters replaced. */
const shown = (key: string) => (hasUnusableCharacter(key) ? key.replace(/[\0\uD800-\uDFFF]/g, '\uFFFD') : key);

const pathOf = (node: Node): string => {
  const parts: string[] = [];
  for (let n: Node | null = node; n; n = n.parent) parts.push(shown(n.key));
  return parts.reverse().filter(Boolean).join('.');
};

const tooDeep = (path: string) =>
  refuse('json_too_deep', { path, depth: MAX_JSON_DEPTH }, { issues: [{ path, message: `nested deeper than ${MAX_JSON_DEPTH} levels` }] });

/**
 * Throws a 400 when `input` (parsed JSON, or the strings of params and query) nests deeper than
 * MAX_JSON_DEPTH or holds an unusable character; `where` is the issues' path prefix (body, query, params).
 */
export const guardInput = (input: unknown, where: string): void => {
  const issues: Issue[] = [];
  const stack: Node[] = [{ value: input, depth: 0, parent: null, key: where }];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const node = stack.pop() as Node;
    const { value } = node;
    if (node.parent && hasUnusableCharacter(node.key)) {
      issues.push({ path: pathOf(node), message: UNUSABLE_CHARACTER_KEY });
      continue;
    }
    if (typeof value === 'string') {
      if (hasUnusableCharacter(value)) issues.push({ path: pathOf(node), message: UNUSABLE_CHARACTER_KEY });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    const depth = node.depth + 1;
    if (depth > MAX_JSON_DEPTH) throw tooDeep(pathOf(node));
    // Pushed in reverse, so issues come out in document order.
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as readonly [string, unknown];
      stack.push({ value: child, depth, parent: node, key });
    }
  }
  if (issues.length > 0) {
    throw refuse('unusable_character', undefined, { issues });
  }
};

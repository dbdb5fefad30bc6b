/** The request rules every endpoint shares (core/contract/input.ts). */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoints, type EndpointDef } from '@core/contract';
import { MAX_JSON_DEPTH, hasUnusableCharacter } from '@core/contract/input';

type Json = { [k: string]: unknown };

/** How many containers deep a value the JSON Schema accepts can nest (Infinity when recursive). */
const depthOf = (schema: unknown, defs: Json, seen: ReadonlySet<string> = new Set()): number => {
  if (schema === null || typeof schema !== 'object') return 0;
  const s = schema as Json;
  if (typeof s['$ref'] === 'string') {
    const name = s['$ref'].replace('#/$defs/', '');
    return seen.has(name) ? Infinity : depthOf(defs[name], defs, new Set([...seen, name]));
  }
  const alternatives = [...((s['anyOf'] as unknown[]) ?? []), ...((s['oneOf'] as unknown[]) ?? []), ...((s['allOf'] as unknown[]) ?? [])];
  const inner = [
    ...Object.values((s['properties'] as Json) ?? {}),
    ...(s['additionalProperties'] && typeof s['additionalProperties'] === 'object' ? [s['additionalProperties']] : []),
    ...(s['items'] ? [s['items']] : []),
    ...((s['prefixItems'] as unknown[]) ?? []),
  ];
  const own = s['type'] === 'object' || s['type'] === 'array' || inner.length > 0 ? 1 : 0;
  return Math.max(own + Math.max(0, ...inner.map((i) => depthOf(i, defs, seen))), ...alternatives.map((a) => depthOf(a, defs, seen)));
};

describe('request rules', () => {
  it('every body, query and path the contract takes nests far below the depth limit', () => {
    const depths = Object.entries(endpoints as Record<string, EndpointDef>).flatMap(([name, e]) =>
      (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = e[part];
        if (!schema) return [];
        const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json;
        return [{ name, part, depth: depthOf(json, (json['$defs'] as Json) ?? {}) }];
      }),
    );
    const deepest = Math.max(...depths.map((d) => d.depth));
    // putItem's order → details → a line (core/contract/input.ts says so).
    expect(deepest).toBe(4);
    expect(deepest * 4).toBeLessThan(MAX_JSON_DEPTH);
  });

  it('NUL and unpaired surrogates are unusable; pairs, U+FFFD and other text are not', () => {
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'a\ud800b', '\udc00', 'a\udfffb', '\ud83d\ud83d\ude00\udc00', '\ude00\ud83d']) {
      expect(hasUnusableCharacter(bad), JSON.stringify(bad)).toBe(true);
    }
    for (const good of ['', '山田 太郎', '😀', 'a\ud83d\ude00b', '\ufffd', 'tab\there', '\u0001', '\uffff']) {
      expect(hasUnusableCharacter(good), JSON.stringify(good)).toBe(false);
    }
  });
});

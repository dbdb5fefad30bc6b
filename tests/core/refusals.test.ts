/**
 * The refusal catalogue (core/refusals.ts) is the one place of its texts: every code has one, and
 * no source file of core/, server/ or src/ holds a copy (nor raises a refusal the old way).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFUSALS, Refusal, refusalText, refuse, type RefusalCode, type RefusalParams } from '@core/refusals';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CATALOGUE = 'core/refusals.ts';


/** Sample parameters of each code whose text is made of them (typed: a new one needs its sample). */
const SAMPLES: { [C in RefusalCode as RefusalParams<C> extends undefined ? never : C]: RefusalParams<C> } = {
  bad_request: { path: 'body.data', message: 'Invalid input' },
  malformed_json: { reason: 'Unexpected token' },
  json_too_deep: { path: 'body', depth: 32 },
  payload_too_large: { limit: 1024 },
  no_such_call: { method: 'GET', path: '/x' },
  login_failed: { reason: 'invalid_grant' },
  not_search_item: { itemKey: 'k1' },
  not_reservation_item: { itemKey: 'k1' },
  purchase_limit: { limit: 3 },
  content_type_mismatch: { type: 'image/png' },
  size_mismatch: { size: 10 },
  reservation_limit: { per: 'day' },
  status_not_settable: { status: '変更あり' },
  status_answer_not_found: { partitionKey: 'f#U1#1' },
  status_answer_ended: { partitionKey: 'f#U1#1', status: '取り消し' },
  status_refund_unavailable: { partitionKey: 'f#U1#1' },
  status_refund_too_old: { partitionKey: 'f#U1#1' },
  status_refund_failed: { partitionKey: 'f#U1#1' },
  slot_removal_held: { day: '2026-12-07', slot: '1' },
  payment_refund_not_allowed: { status: '返金済み' },
  coma_removal_held: { slot: '1' },
  category_name_invalid: { max: 100 },
  kiosk_forms_unknown: { forms: 'clinic-yoyaku' },
  kiosk_forms_unfit: { forms: 'clinic-yoyaku' },
  team_target_unknown: { targets: 'survey:x' },
  member_number_lowered: { floor: 12 },
  tax_rate_past: { today: '2026-12-03' },
  bed_removal_claimed: { bed: '1号床' },
};

const codes = Object.keys(REFUSALS) as RefusalCode[];
const sampleOf = (code: RefusalCode): unknown => (SAMPLES as Partial<Record<RefusalCode, unknown>>)[code];
const textOf = (code: RefusalCode): string => (refusalText as (c: RefusalCode, p?: unknown) => string)(code, sampleOf(code));

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/** What a copy would hold: a fixed text whole; of a text function, its fixed parts with Japanese, 8 characters or more. */
const needlesOf = (code: RefusalCode): string[] => {
  const text = REFUSALS[code].text;
  if (typeof text === 'string') return [text];
  const template = /`([^`]*)`/.exec(text.toString())?.[1] ?? '';
  return template
    .split(/\$\{[^}]*\}/)
    .filter((part) => part.length >= 8 && JAPANESE.test(part));
};

const sourcesOf = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) return sourcesOf(rel);
    return /\.tsx?$/.test(name) ? [rel] : [];
  });

/** Comments may quote a text (a reading, a spec reference): only code counts. */
const withoutComments = (source: string): string => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

const SOURCES = ['core', 'server', 'src'].flatMap(sourcesOf).map((file) => ({ file, text: withoutComments(readFileSync(path.join(ROOT, file), 'utf8')) }));

describe('the refusal catalogue', () => {
  it.each(codes)('%s has a text', (code) => {
    expect(textOf(code).trim()).not.toBe('');
    const refusal = (refuse as (c: RefusalCode, p?: unknown) => Refusal)(code, sampleOf(code));
    expect({ status: refusal.status, message: refusal.message }).toEqual({ status: REFUSALS[code].status, message: textOf(code) });
  });

  it('a text function makes its text of the parameters', () => {
    expect(refusalText('bad_request', { path: 'body.data', message: 'Invalid input' })).toBe('body.data: Invalid input');
    expect(refusalText('purchase_limit', { limit: 3 })).toBe('全体で3個まで購入可能です。');
  });

  it('a Refusal carries its code, the catalogue status and text, and the extras it was given', () => {
    const r = refuse('quota_exceeded', undefined, { issues: [{ path: 'k', message: 'm' }] });
    expect(r).toBeInstanceOf(Refusal);
    expect(r).toBeInstanceOf(Error);
    expect({ code: r.code, status: r.status, message: r.message, extra: r.extra }).toEqual({
      code: 'quota_exceeded',
      status: 409,
      message: REFUSALS.quota_exceeded.text,
      extra: { issues: [{ path: 'k', message: 'm' }] },
    });
    expect(new Refusal('config_outdated', undefined, { needRefresh: true }).extra).toEqual({ needRefresh: true });
  });

  it('no source file but the catalogue holds one of its texts', () => {
    const copies = codes.flatMap((code) =>
      needlesOf(code).flatMap((needle) =>
        SOURCES.filter((s) => s.file !== CATALOGUE && s.text.includes(needle)).map((s) => `${s.file}: ${code} ${JSON.stringify(needle)}`),
      ),
    );
    expect(copies).toEqual([]);
  });

  it('the scan sees the text functions’ fixed parts', () => {
    expect(needlesOf('login_failed')).toEqual(['ログインできませんでした。もう一度やり直してください。(']);
    expect(needlesOf('not_search_item')).toEqual([' は検索項目ではありません']);
  });

  it('no refusal is raised the old way (a status, a code and a text of its own)', () => {
    expect(SOURCES.filter((s) => /\bApiError\b/.test(s.text)).map((s) => s.file)).toEqual([]);
  });

  it('every code the server raises is in the catalogue', () => {
    const raised = SOURCES.filter((s) => s.file.startsWith('server/')).flatMap((s) =>
      [...s.text.matchAll(/(?:\brefuse|new Refusal)\(\s*'([a-z_]+)'/g)].map((m) => ({ file: s.file, code: m[1] as string })),
    );
    expect(raised.length).toBeGreaterThan(50);
    expect(raised.filter((r) => !(r.code in REFUSALS))).toEqual([]);
  });
});

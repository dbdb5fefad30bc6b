/**
 * The form editor's pure parts (src/features/admin/forms/): the canonical pretty JSON (keys sorted
 * at every depth, so two versions diff by content only), the draft text read back (an array or
 * broken JSON is no config), a problem's path matched to its field, and the line diff.
 */
import { describe, expect, it } from 'vitest';
import { pathIn, prettyJson, readDraftText } from '../../src/features/admin/forms/draft-json';
import { lineDiff } from '../../src/features/admin/forms/line-diff';

describe('draft JSON', () => {
  it('sorts keys at every depth and keeps arrays in order', () => {
    expect(prettyJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{\n  "a": {\n    "c": null,\n    "d": [\n      2,\n      1\n    ]\n  },\n  "b": 1\n}');
    expect(prettyJson({ x: 1, y: 2 })).toBe(prettyJson({ y: 2, x: 1 }));
  });

  it('reads an object back; an array, a string or broken JSON is refused with a reason', () => {
    expect(readDraftText('{"surveyId":"a"}')).toEqual({ ok: true, draft: { surveyId: 'a' } });
    expect(readDraftText('[1]').ok).toBe(false);
    expect(readDraftText('"x"').ok).toBe(false);
    const broken = readDraftText('{"a":');
    expect(broken.ok).toBe(false);
    expect(broken.ok ? '' : broken.reason).not.toBe('');
  });

  it('matches a problem to its field and to nothing that merely starts alike', () => {
    expect(pathIn('calendarSetting.updateOrCancelSettings', 'calendarSetting')).toBe(true);
    expect(pathIn('surveySchema[2].type', 'surveySchema')).toBe(true);
    expect(pathIn('surveyTitle', 'surveyTitle')).toBe(true);
    expect(pathIn('surveyTitleX', 'surveyTitle')).toBe(false);
  });
});

describe('line diff', () => {
  it('keeps common lines, marks a changed line removed then added', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
    ]);
  });

  it('finds insertions and deletions in the middle by common subsequence', () => {
    const d = lineDiff('1\n2\n3\n4\n5', '1\n3\n4\nx\n5');
    expect(d.map((l) => `${l.kind[0]}${l.text}`)).toEqual(['s1', 'r2', 's3', 's4', 'ax', 's5']);
  });

  it('identical texts are all same; every line of either side appears once', () => {
    expect(lineDiff('a\nb', 'a\nb').every((l) => l.kind === 'same')).toBe(true);
    const d = lineDiff('p\nq\nr', 's\nq\nt\nu');
    expect(d.filter((l) => l.kind !== 'added').map((l) => l.text)).toEqual(['p', 'q', 'r']);
    expect(d.filter((l) => l.kind !== 'removed').map((l) => l.text)).toEqual(['s', 'q', 't', 'u']);
  });
});

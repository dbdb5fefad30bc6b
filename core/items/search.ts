/**
 * Search (検索選択): the resident searches a list the server pages out (10 at a time, more on
 * scroll) and picks one entry, or the literal このリストに該当なし。, which satisfies required.
 * When the config lists `options`, the value must be one of them or that literal; when it lists
 * none, the list is the server's alone and the server is the one to check the value.
 *
 * The stored value (spec 01 §3 "search item value is a condition plus data"; reading chosen): JSON
 * {"condition": the text searched with, "data": the entry chosen}, as the facility item stores its
 * record; the entry alone is what is shown. A value that is not JSON is an answer stored before
 * (the entry alone, no condition) and reads as it did.
 */
import { checkOption } from './checks';
import { INVALID_VALUE, defineItem, single, type SamplesOf } from './define';

/** The "none of these" choice; stored as the answer, so its text is part of the data. */
export const SEARCH_NO_MATCH = 'このリストに該当なし。';
/** "検索結果が見つかりません。" appears only after this delay, so a quick answer does not flash it. */
export const SEARCH_EMPTY_MESSAGE_DELAY_MS = 200;
export const SEARCH_LOAD_MORE_THRESHOLD = 0.75;
/** The longest condition the search call takes (contract/searches.ts condition1). */
export const SEARCH_CONDITION_MAX = 500;

export interface SearchValue {
  condition: string;
  data: string;
}

export const formatSearchValue = (v: SearchValue): string => JSON.stringify({ condition: v.condition, data: v.data });

/** The condition and entry of a stored value; an older plain value is its entry; null when malformed. */
export const parseSearchValue = (s: string): SearchValue | null => {
  let raw: unknown;
  try {
    raw = JSON.parse(s);
  } catch {
    return { condition: '', data: s };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return typeof raw === 'string' ? null : { condition: '', data: s };
  const { condition, data } = raw as Record<string, unknown>;
  if (typeof data !== 'string' || typeof (condition ?? '') !== 'string') return null;
  return { condition: (condition as string | undefined) ?? '', data };
};

export const searchItem = defineItem({
  type: 'search',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value, item) {
    const s = single(value);
    const v = s === undefined ? null : parseSearchValue(s);
    if (!v || v.data.trim() === '' || v.condition.length > SEARCH_CONDITION_MAX) return [INVALID_VALUE];
    if (v.data === SEARCH_NO_MATCH || !item.options) return [];
    const bad = checkOption(v.data, item.options);
    return bad ? [bad] : [];
  },
});

export const searchSamples: SamplesOf<typeof searchItem> = {
  configs: [{ options: ['さくら市民会館', '中央図書館'] }, {}],
  valid: [
    '{"condition":"市民","data":"さくら市民会館"}',
    '{"condition":"体育館","data":"このリストに該当なし。"}',
    // Values stored before the condition was kept: the entry alone.
    'さくら市民会館',
    SEARCH_NO_MATCH,
  ],
  validFor: [{ value: '{"condition":"","data":"東部体育館"}', config: 1 }, { value: '東部体育館', config: 1 }],
  invalid: [
    { value: '{"condition":"体育","data":"東部体育館"}', issue: { key: 'optionNotInList' } },
    { value: '東部体育館', issue: { key: 'optionNotInList' } },
    { value: '{"condition":"市民"}', issue: { key: 'invalidValue' } },
    { value: '{"condition":"市民","data":"  "}', issue: { key: 'invalidValue' } },
    { value: '"さくら市民会館"', issue: { key: 'invalidValue' } },
    { value: JSON.stringify({ condition: 'あ'.repeat(501), data: 'さくら市民会館' }), issue: { key: 'invalidValue' } },
    { value: 'このリスト該当なし', issue: { key: 'optionNotInList' } },
    { value: ['中央図書館'], config: 1, issue: { key: 'invalidValue' } },
  ],
};

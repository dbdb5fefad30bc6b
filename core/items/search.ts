/**
 * Search (検索選択): the resident searches a list the server pages out (10 at a time, more on
 * scroll) and picks one entry, or the literal このリストに該当なし。, which satisfies required.
 * When the config lists `options`, the value must be one of them or that literal; when it lists
 * none, the list is the server's alone and the server is the one to check the value.
 */
import { checkOption } from './checks';
import { INVALID_VALUE, defineItem, single, type SamplesOf } from './define';

/** The "none of these" choice; stored as the answer, so its text is part of the data. */
export const SEARCH_NO_MATCH = 'このリストに該当なし。';
export const SEARCH_PAGE_SIZE = 10;
/** "検索結果が見つかりません。" appears only after this delay, so a quick answer does not flash it. */
export const SEARCH_EMPTY_MESSAGE_DELAY_MS = 200;
export const SEARCH_LOAD_MORE_THRESHOLD = 0.75;

export const searchItem = defineItem({
  type: 'search',
  configShape: () => ({}),
  valueKind: 'single',
  requiredKey: 'required',
  validate(value, item) {
    const s = single(value);
    if (s === undefined) return [INVALID_VALUE];
    if (s === SEARCH_NO_MATCH || !item.options) return [];
    const bad = checkOption(s, item.options);
    return bad ? [bad] : [];
  },
});

export const searchSamples: SamplesOf<typeof searchItem> = {
  configs: [{ options: ['さくら市民会館', '中央図書館'] }, {}],
  valid: ['さくら市民会館', SEARCH_NO_MATCH],
  validFor: [{ value: '東部体育館', config: 1 }],
  invalid: [
    { value: '東部体育館', issue: { key: 'optionNotInList' } },
    { value: 'このリスト該当なし', issue: { key: 'optionNotInList' } },
    { value: ['中央図書館'], config: 1, issue: { key: 'invalidValue' } },
  ],
};

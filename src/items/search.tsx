/**
 * Search (検索選択): the resident types a condition, the server pages out matching entries
 * (GET /survey-searches, 10 a page, the next page when the end of the list comes 75 % into view),
 * and one is picked, or このリストに該当なし。, which satisfies a required item (spec 01 §5).
 * Nothing is fetched until the resident focuses the search box, so a long form with search items
 * sends no requests while it paints.
 */
import { Loader, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SEARCH_PAGE_SIZE, surveySearches } from '@core/contract/searches';
import type { FormValue } from '@core/items/define';
import { SEARCH_EMPTY_MESSAGE_DELAY_MS, SEARCH_LOAD_MORE_THRESHOLD, SEARCH_NO_MATCH, formatSearchValue, parseSearchValue } from '@core/items/search';
import { call, unwrap } from '../lib/api';
import { useFormEngine } from '../form/engine-context';
import { ja } from '../messages/ja';
import { asChoices, ChoiceInputs } from './choice-list';
import { SearchIcon } from './icons';
import { textOf, wrapperProps } from './parts';
import type { ItemProps, ItemUi } from './types';

/** Typing settles before a request goes out: one request per pause, not per character. */
const TYPING_DEBOUNCE_MS = 300;

interface Results {
  condition: string;
  items: string[];
  next: string | null;
  loading: boolean;
  failed: boolean;
}

const EMPTY: Results = { condition: '', items: [], next: null, loading: false, failed: false };

export function SearchItem(p: ItemProps<'search'>) {
  const { plan } = useFormEngine();
  const [opened, setOpened] = useState(false);
  const [condition, setCondition] = useState('');
  const [results, setResults] = useState<Results>(EMPTY);
  const [showEmpty, setShowEmpty] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const generation = useRef(0);
  // The entry chosen; the value also keeps the condition it was found with (core/items/search.ts).
  const value = textOf(p.value) === '' ? '' : (parseSearchValue(textOf(p.value))?.data ?? '');

  const load = useCallback(
    async (cond: string, after: string | null) => {
      const gen = after === null ? ++generation.current : generation.current;
      setResults((r) => ({ ...(after === null ? { ...EMPTY, condition: cond } : r), loading: true, failed: false }));
      try {
        const page = unwrap(
          await call(surveySearches, {
            query: {
              itemKey: p.item.itemKey,
              surveyId: plan.surveyId,
              limit: SEARCH_PAGE_SIZE,
              ...(after !== null ? { lastEvaluatedKey: after } : {}),
              ...(cond !== '' ? { condition1: cond } : {}),
            },
          }),
        );
        // A newer search started meanwhile: its answer wins.
        if (gen !== generation.current) return;
        setResults((r) => ({
          condition: cond,
          items: after === null ? page.items : [...r.items, ...page.items],
          next: page.lastEvaluatedKey,
          loading: false,
          failed: false,
        }));
      } catch {
        if (gen === generation.current) setResults((r) => ({ ...r, loading: false, failed: true }));
      }
    },
    [p.item.itemKey, plan.surveyId],
  );

  // A new condition (debounced) starts from the first page.
  useEffect(() => {
    if (!opened) return;
    const t = setTimeout(() => void load(condition.trim(), null), condition === '' ? 0 : TYPING_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [opened, condition, load]);

  // Spec 01 §5: the empty-result text waits 200 ms, so a quick next answer does not flash it.
  const isEmpty = opened && !results.loading && !results.failed && results.items.length === 0 && results.condition === condition.trim();
  useEffect(() => {
    if (!isEmpty) {
      setShowEmpty(false);
      return;
    }
    const t = setTimeout(() => setShowEmpty(true), SEARCH_EMPTY_MESSAGE_DELAY_MS);
    return () => clearTimeout(t);
  }, [isEmpty]);

  // More on scroll: the sentinel after the last entry coming 75 % into the list's view.
  const { next, loading } = results;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!opened || next === null || loading || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void load(results.condition, next);
      },
      { root: listRef.current, threshold: SEARCH_LOAD_MORE_THRESHOLD },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [opened, next, loading, load, results.condition]);

  const { error, ...wrapper } = wrapperProps(p);
  const choices = opened ? [SEARCH_NO_MATCH, ...results.items.filter((i) => i !== SEARCH_NO_MATCH)] : [];
  // The chosen entry stays listed even when the current condition no longer finds it.
  if (value !== '' && !choices.includes(value)) choices.unshift(value);

  return (
    <div>
      <TextInput
        {...wrapper}
        error={error}
        value={condition}
        onChange={(e) => setCondition(e.currentTarget.value)}
        onFocus={() => setOpened(true)}
        onBlur={p.onBlur}
        readOnly={p.readOnly}
        placeholder={ja.items.searchPlaceholder}
        leftSection={<SearchIcon size={16} />}
        type="search"
        autoComplete="off"
        enterKeyHint="search"
      />
      {choices.length > 0 ? (
        <div ref={listRef} className="form-search-list" data-testid="search-results">
          <div role="radiogroup" aria-label={ja.items.searchOptions} className="form-search-choices">
            <ChoiceInputs
              id={`${p.id}-option`}
              name={`${p.id}-option`}
              kind="radio"
              choices={asChoices(choices)}
              selected={value ? [value] : []}
              onToggle={(v) => p.onChange(formatSearchValue({ condition: results.condition, data: v }))}
              readOnly={p.readOnly}
            />
          </div>
          {results.loading ? (
            <Stack align="center" py="xs">
              <Loader size="xs" aria-label={ja.items.searchLoading} />
            </Stack>
          ) : null}
          {/* Sentinel for the next page. */}
          {next !== null ? <div ref={sentinelRef} className="form-search-sentinel" /> : null}
        </div>
      ) : null}
      {showEmpty ? (
        <Text size="sm" c="dimmed" mt={4} role="status">
          {ja.items.searchEmpty}
        </Text>
      ) : null}
      {results.failed ? (
        <Text size="sm" c="red.7" mt={4} role="alert">
          {ja.items.searchFailed}
        </Text>
      ) : null}
    </div>
  );
}

/** The entry chosen, without the condition it was found with. */
export const searchDisplay = (value: FormValue): string => {
  const v = typeof value === 'string' ? parseSearchValue(value) : null;
  return v ? v.data : typeof value === 'string' ? value : value.join('、');
};

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'search'> = { Component: SearchItem, showErrorOnChange: true, display: searchDisplay };

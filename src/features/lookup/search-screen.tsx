/**
 * /confirmSearchForm (spec 01 §2 Confirm search form): the chosen survey's searchable items only,
 * and 検索. The inputs are plain (not the answer form's widgets: date pickers, suggestions, postcode
 * search). Each condition goes through its item type's normaliser, so it reads as the answer form
 * stored it (090-1234-5678 → 09012345678, S50.8.21 → 1975-08-21); the server then matches it
 * folded (core/ja/fold.ts), so 山田花子 finds 山田 花子.
 */
import { Alert, Button, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { SchemaItem } from '@core/form/survey-config';
import { itemDefOf } from '@core/items/registry';
import { todayInTokyo } from '@core/ja/date-input';
import { searchErrorText } from '../../lib/error-text';
import { getResidentSession, getSession } from '../../lib/session';
import { ja } from '../../messages/ja';
import { showAlert } from '../../ui/alert';
import { LoadingText } from '../../ui/loading-text';
import { isTransportFailure } from '../../lib/api-error';
import { RetryLoad } from '../../ui/retry-load';
import { ResidentHeader } from '../../ui/resident-header';
import { useOutbox } from '../../offline/use-outbox';
import { latestRowsOf, offeredConditions } from './prefill';
import { lookupConfigQuery, searchResults } from './queries';
import { loadSearch, saveSearch } from './store';

const optionsOf = (item: SchemaItem): string[] | null => {
  const options = (item as { options?: unknown }).options;
  return Array.isArray(options) && options.every((o) => typeof o === 'string') ? (options as string[]) : null;
};

const isRequired = (item: SchemaItem): boolean => (item as { isRequired?: { value?: boolean } }).isRequired?.value === true;

/** The stored form of a typed condition; width conversion is left to the server's fold. */
const normalise = (item: SchemaItem, value: string): string => {
  const v = value.trim();
  const normalize = itemDefOf(item.type).normalize;
  return v && normalize ? normalize(v, item, { today: todayInTokyo(), desktop: false }).trim() : v;
};

export function SearchScreen() {
  const search: { surveyId?: string } = useSearch({ strict: false });
  const stored = loadSearch();
  const surveyId = search.surveyId ?? stored?.surveyId ?? '';
  const navigate = useNavigate();
  const query = useQuery({ ...lookupConfigQuery(surveyId), enabled: surveyId !== '' });
  // What was typed for this form before, else what the app knows of the resident (prefill.ts).
  const [typed, setValues] = useState<Record<string, string> | null>(() => (stored?.surveyId === surveyId ? stored.conditions : null));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const profile = getSession()?.profile;
  // The resident's own newest answer on this device (never a kiosk's, never another resident's).
  const outbox = useOutbox();
  const resident = getResidentSession()?.profile;

  useEffect(() => {
    if (surveyId === '') void navigate({ to: '/confirm', replace: true });
  }, [surveyId, navigate]);

  if (surveyId === '' || query.isPending) return <LoadingText />;
  if (query.isError) {
    const text = searchErrorText(query.error, 'load');
    if (isTransportFailure(query.error)) return <RetryLoad lines={[text]} />;
    return (
      <Alert color="red" variant="light" role="alert" data-testid="lookup-error">
        {text}
      </Alert>
    );
  }

  const config = query.data;
  const items = config.surveySchema.filter((i) => i.isSearchable?.value === true);
  const recent = resident && outbox.userId === resident.userId ? latestRowsOf(outbox.entries, surveyId) : [];
  const values = typed ?? offeredConditions(items, resident?.displayName, recent);

  const run = async () => {
    if (busy) return;
    if (items.some((i) => isRequired(i) && !(values[i.itemKey] ?? '').trim())) {
      showAlert(ja.lookup.requiredMissing);
      return;
    }
    const conditions: Record<string, string> = {};
    for (const item of items) {
      const v = normalise(item, values[item.itemKey] ?? '');
      if (v !== '') conditions[item.itemKey] = v;
    }
    setBusy(true);
    setError(null);
    try {
      const rows = await searchResults(surveyId, conditions);
      if (rows.length === 0) {
        showAlert(ja.errors.searchNoData);
        return;
      }
      saveSearch({ surveyId, conditions, userId: getSession()?.profile.userId ?? '', rows });
      void navigate({ to: '/confirmList' });
    } catch (e) {
      setError(searchErrorText(e, 'search'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      {profile ? <ResidentHeader profile={profile} /> : null}
      <Title order={1} size="h3" data-testid="lookup-survey-title">
        {config.surveyTitle}
      </Title>
      <form
        noValidate
        data-testid="lookup-search-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <Stack gap="md">
          {items.map((item) => {
            const options = optionsOf(item);
            const common = {
              label: item.title ?? item.itemKey,
              withAsterisk: isRequired(item),
              value: values[item.itemKey] ?? '',
              onChange: (e: { currentTarget: { value: string } }) => {
                const v = e.currentTarget.value;
                setValues({ ...values, [item.itemKey]: v });
              },
              'data-item-key': item.itemKey,
            };
            return options && item.type !== 'checkboxes' ? (
              <NativeSelect key={item.itemKey} {...common} data={[{ value: '', label: ja.items.selectPlaceholder }, ...options]} />
            ) : (
              <TextInput
                key={item.itemKey}
                {...common}
                type={item.type === 'email' ? 'email' : item.type === 'phone' ? 'tel' : 'text'}
                inputMode={item.type === 'phone' || item.type === 'number' ? 'numeric' : undefined}
              />
            );
          })}
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="lookup-error">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" loading={busy} data-testid="lookup-search">
            {ja.lookup.search}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

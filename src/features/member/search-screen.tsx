/**
 * /member-confirm/{id}: the member search over the member form's searchable items (spec 02 §2,
 * §5). A fixed-shape @tanstack/react-form form: one field per searchable item, known once the
 * member form has loaded. Conditions are converted from full width to ASCII (and go through the
 * item's own normaliser: a phone loses its hyphens); a missing required one alerts
 * 必須項目を入力してください, no record alerts 検索対象のデータがありません, and a record found goes
 * to the member-linked list.
 */
import { Alert, Button, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { MemberConfig } from '@core/contract/member';
import type { SchemaItem } from '@core/form/survey-config';
import { itemDefOf } from '@core/items/registry';
import { todayInTokyo } from '@core/ja/date-input';
import { toHalfWidthAscii } from '@core/ja/width';
import { isApiClientError } from '../../lib/api-error';
import { searchErrorText } from '../../lib/error-text';
import { getSession } from '../../lib/session';
import { ja } from '../../messages/ja';
import { showAlert } from '../../ui/alert';
import { LoadingText } from '../../ui/loading-text';
import { ResidentHeader } from '../../ui/resident-header';
import { memberConfigQuery, searchMember } from './queries';
import { saveMember } from './store';

/** A typed condition as the record stores it: ASCII, then the item's own canonical form. */
export const memberCondition = (item: SchemaItem, typed: string): string => {
  const ascii = toHalfWidthAscii(typed).trim();
  const normalize = itemDefOf(item.type).normalize;
  return ascii && normalize ? normalize(ascii, item, { today: todayInTokyo(), desktop: false }).trim() : ascii;
};

const isRequired = (item: SchemaItem): boolean => item.isRequired?.value === true || item.isRequiredForUser?.value === true;

/** 404: the member form is missing (spec 02 §8 帳票スキーマ見つけられません); else the search's load failure. */
const loadErrorText = (error: unknown): string =>
  isApiClientError(error) && error.status === 404 ? ja.errors.memberSchemaMissing : searchErrorText(error, 'load');

export function MemberSearchScreen() {
  const { id } = useParams({ from: '/member-confirm/$id' });
  const config = useQuery(memberConfigQuery(id));
  const profile = getSession()?.profile;
  if (config.isPending) return <LoadingText />;
  if (config.isError)
    return (
      <Alert color="red" variant="light" role="alert" data-testid="member-error">
        {loadErrorText(config.error)}
      </Alert>
    );
  return (
    <Stack gap="md">
      {profile ? <ResidentHeader profile={profile} /> : null}
      <Title order={1} size="h3" data-testid="member-confirm-title">
        {config.data.surveyTitle}
      </Title>
      <MemberSearchForm config={config.data} />
    </Stack>
  );
}

function MemberSearchForm({ config }: { config: MemberConfig }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const items = config.surveySchema.filter((i) => i.isSearchable?.value === true);
  const form = useForm({
    defaultValues: { conditions: Object.fromEntries(items.map((i) => [i.itemKey, ''])) as Record<string, string> },
    onSubmit: async ({ value }) => {
      if (items.some((i) => isRequired(i) && (value.conditions[i.itemKey] ?? '').trim() === '')) {
        showAlert(ja.lookup.requiredMissing);
        return;
      }
      const conditions: Record<string, string> = {};
      for (const item of items) {
        const v = memberCondition(item, value.conditions[item.itemKey] ?? '');
        if (v !== '') conditions[item.itemKey] = v;
      }
      setError(null);
      try {
        const rows = await searchMember(config.surveyId, conditions);
        if (rows.length === 0) {
          showAlert(ja.errors.searchNoData);
          return;
        }
        saveMember({ memberSurveyId: config.surveyId, userId: getSession()?.profile.userId ?? '', rows });
        void navigate({ to: '/member-confirmList/$id', params: { id: config.surveyId } });
      } catch (e) {
        setError(searchErrorText(e, 'search'));
      }
    },
  });

  return (
    <form
      noValidate
      data-testid="member-search-form"
      onSubmit={(e) => {
        e.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Stack gap="md">
        {items.map((item) => (
          <form.Field key={item.itemKey} name={`conditions.${item.itemKey}`}>
            {(field) => (
              <TextInput
                label={item.title || item.itemKey}
                withAsterisk={isRequired(item)}
                value={field.state.value ?? ''}
                onChange={(e) => field.handleChange(e.currentTarget.value)}
                onBlur={field.handleBlur}
                type={item.type === 'email' ? 'email' : item.type === 'phone' ? 'tel' : 'text'}
                data-item-key={item.itemKey}
              />
            )}
          </form.Field>
        ))}
        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid="member-error">
            {error}
          </Alert>
        ) : null}
        <form.Subscribe selector={(s) => s.isSubmitting}>
          {(busy) => (
            <Button type="submit" loading={busy} data-testid="member-search">
              {ja.lookup.search}
            </Button>
          )}
        </form.Subscribe>
      </Stack>
    </form>
  );
}

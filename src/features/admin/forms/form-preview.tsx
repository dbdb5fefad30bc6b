/**
 * The draft as a resident (or the office, in admin mode) sees it: the real renderer of
 * /survey/$id (src/form/survey-form.tsx) in a phone-wide frame. Nothing is sent from it. A draft
 * the config schema refuses is not rendered: its problems are the editor's to show.
 */
import { Alert, Box, Image, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { servedSurveyConfigSchema } from '@core/form/survey-config';
import { ITEM_TYPES, type ItemType } from '@core/form/item-types';
import type { Mode } from '@core/items/define';
import { SurveyForm } from '../../../form/survey-form';
import { useItemTypes } from '../../../form/use-item-types';
import { LinkifiedText } from '../../../form/linkify';
import { LoadingText } from '../../../ui/loading-text';
import { jaConsole } from '../../../messages/ja-console';
import { prettyJson, type DraftConfig } from './draft-json';

const t = jaConsole.forms;
const KNOWN = new Set<string>(ITEM_TYPES);

const typesOf = (draft: DraftConfig): ItemType[] =>
  Array.isArray(draft['surveySchema'])
    ? draft['surveySchema'].flatMap((i: unknown) => {
        const type = i && typeof i === 'object' ? (i as { type?: unknown }).type : undefined;
        return typeof type === 'string' && KNOWN.has(type) ? [type as ItemType] : [];
      })
    : [];

/** A short stamp of the draft: the renderer starts afresh whenever the draft changes. */
const stampOf = (text: string): string => {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return `${text.length}:${h}`;
};

const noSend = async (): Promise<never> => {
  throw new Error(t.previewSend);
};

export function FormPreview({ draft }: { draft: DraftConfig }) {
  const [mode, setMode] = useState<Mode>('user');
  const types = typesOf(draft);
  const state = useItemTypes(types);
  const parsed = useMemo(() => (state === 'ready' ? servedSurveyConfigSchema.safeParse({ ...draft, version: 0 }) : null), [draft, state]);
  const stamp = useMemo(() => stampOf(prettyJson(draft)), [draft]);
  return (
    <Stack gap="xs" w={392} style={{ flexShrink: 0 }}>
      <Text fw={500}>{t.preview}</Text>
      <SegmentedControl
        value={mode}
        onChange={(v) => setMode(v as Mode)}
        data={[
          { value: 'user', label: t.previewUser },
          { value: 'admin', label: t.previewAdmin },
        ]}
        aria-label={t.view}
      />
      <Box
        role="region"
        aria-label={t.previewFrame}
        data-testid="form-preview"
        w={390}
        p="md"
        style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 12, maxHeight: '80vh', overflowY: 'auto' }}
      >
        {!parsed ? (
          <LoadingText />
        ) : !parsed.success ? (
          <Alert color="gray">{t.previewBroken}</Alert>
        ) : (
          <Stack gap="md">
            {parsed.data.headerImageUrl ? <Image src={parsed.data.headerImageUrl} alt="" radius="md" /> : null}
            <Title order={2} size="h3" data-testid="preview-title">
              {parsed.data.surveyTitle}
            </Title>
            {parsed.data.description ? (
              <Text className="app-pre-wrap">
                <LinkifiedText text={parsed.data.description} />
              </Text>
            ) : null}
            <SurveyForm key={`${stamp}:${mode}`} config={parsed.data} mode={mode} send={noSend} onSent={() => undefined} />
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

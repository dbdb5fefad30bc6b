/** One kind's template (title, body with placeholders) and its bubble rendered live with sample facts. */
import { NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { MESSAGE_KINDS, type MessageKind } from '@core/messages/kinds';
import { PLACEHOLDERS } from '@core/messages/placeholders';
import { renderMessage } from '@core/messages/render';
import { KIND_LABELS } from '@core/messages/texts';
import { fill } from '../../../messages/fill';
import { jaConsole } from '../../../messages/ja-console';
import { BubblePreview } from '../line-messages/bubble-preview';
import { sampleFacts } from '../line-messages/sample-facts';
import { templatesOf, type LineDraft } from './line-draft';

const t = jaConsole.lineMessages;

interface Props {
  lm: LineDraft;
  formTitle: string;
  onChange: (templates: Record<string, { title?: string; body?: string }> | undefined) => void;
}

export function LineTemplateFields({ lm, formTitle, onChange }: Props) {
  const [kind, setKind] = useState<MessageKind>('reservation_booked');
  const templates = templatesOf(lm);
  const own = templates[kind] ?? {};
  const set = (field: 'title' | 'body', value: string) => {
    const next = { ...own, [field]: value };
    if (value === '') delete next[field];
    const all = { ...templates, [kind]: next };
    if (Object.keys(next).length === 0) delete all[kind];
    onChange(Object.keys(all).length > 0 ? all : undefined);
  };
  const preview = renderMessage(kind, sampleFacts(kind, formTitle, window.location.origin), {
    send: Object.fromEntries(MESSAGE_KINDS.map((k) => [k, true])) as Record<MessageKind, boolean>,
    reminders: [],
    announce: {},
    templates: { [kind]: own },
  });
  return (
    <Stack gap="xs" data-testid="line-templates">
      <NativeSelect label={t.templateKind} value={kind} data={MESSAGE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))} onChange={(e) => setKind(e.currentTarget.value as MessageKind)} />
      <Text size="xs" c="dimmed">
        {fill(t.templateHelp, { list: PLACEHOLDERS.map((p) => `{${p}}`).join(' ') })}
      </Text>
      <TextInput label={t.title} value={own.title ?? ''} onChange={(e) => set('title', e.currentTarget.value)} data-testid="template-title" />
      <Textarea label={t.body} value={own.body ?? ''} autosize minRows={2} maxRows={8} onChange={(e) => set('body', e.currentTarget.value)} data-testid="template-body" />
      <Text size="sm" fw={600}>
        {t.preview}
      </Text>
      <BubblePreview message={preview} />
    </Stack>
  );
}

/**
 * /admin/forms/$surveyId/edit: a form's config for staff who configure (member, admin) on a form of
 * their teams: the common settings, the whole config as JSON, and the saved versions, beside a
 * phone-wide preview of the draft. Saves go whole under the version read; the server checks them
 * as the import does and its problems show at their fields.
 */
import { Alert, Anchor, Badge, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiClientError } from '../../../lib/api-error';
import { jaConsole } from '../../../messages/ja-console';
import { LoadingText } from '../../../ui/loading-text';
import { ConsoleFrame } from '../console-frame';
import { useStaffMe } from '../staff-queries';
import { COMMON_FIELDS, CommonFields } from './common-fields';
import { pathIn } from './draft-json';
import { FormPreview } from './form-preview';
import { JsonTab, ProblemList } from './json-tab';
import { LINE_FIELD, LineMessagesFields } from './line-messages-fields';
import { SaveBar } from './save-bar';
import { useFormEditor } from './use-form-editor';
import { VersionsPanel } from './versions-panel';

const t = jaConsole.forms;
type Tab = 'fields' | 'line' | 'json' | 'versions';

export function FormEditPage() {
  const { surveyId } = useParams({ from: '/admin/forms/$surveyId/edit' });
  const me = useStaffMe();
  const editor = useFormEditor(surveyId, Boolean(me.data));
  const [tab, setTab] = useState<Tab>('fields');
  if (me.isPending) return <LoadingText />;
  if (!me.data) return <Navigate to="/admin/sign-in" search={{ returnTo: `/admin/forms/${encodeURIComponent(surveyId)}/edit` }} replace />;
  const base = editor.current.data;
  const draft = editor.draft;
  const enabled = base?.config['surveyStatus'] !== 'disabled';
  const others = editor.problems.filter((p) => ![...COMMON_FIELDS, LINE_FIELD].some((f) => pathIn(p.path, f)));
  const loadError = editor.current.error;
  return (
    <ConsoleFrame me={me.data}>
      <Stack gap="sm">
        <Anchor component={Link} to="/admin" size="sm">
          {t.back}
        </Anchor>
        <Group gap="sm">
          <Title order={1} size="h3">
            {t.heading.replace('{name}', typeof base?.config['surveyTitle'] === 'string' ? base.config['surveyTitle'] : surveyId)}
          </Title>
          {base ? (
            <>
              <Badge variant="dot" color={enabled ? 'green' : 'gray'} c="dark" data-testid="form-status">
                {enabled ? t.enabled : t.disabled}
              </Badge>
              <Badge variant="outline" color="dark" data-testid="form-version">
                {t.version.replace('{version}', String(base.version))}
              </Badge>
            </>
          ) : null}
        </Group>
        {loadError ? <Alert color="red">{isApiClientError(loadError) ? loadError.errorMessage : loadError.message}</Alert> : null}
        {!base || !draft ? (
          loadError ? null : <LoadingText />
        ) : (
          <Group align="flex-start" wrap="nowrap" gap="lg">
            <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
              <SegmentedControl
                value={tab}
                onChange={(v) => setTab(v as Tab)}
                data={[
                  { value: 'fields', label: t.tabFields },
                  { value: 'line', label: jaConsole.lineMessages.tab },
                  { value: 'json', label: t.tabJson },
                  { value: 'versions', label: t.tabVersions },
                ]}
                aria-label={t.view}
              />
              {tab === 'fields' ? (
                <>
                  <CommonFields draft={draft} problems={editor.problems} onChange={editor.setField} />
                  {others.length > 0 ? <ProblemList problems={others} intro={t.otherProblems} /> : null}
                </>
              ) : null}
              {tab === 'line' ? <LineMessagesFields draft={draft} problems={editor.problems} onChange={editor.setField} /> : null}
              {tab === 'json' ? <JsonTab text={editor.text} textError={editor.textError} problems={editor.problems} onChange={editor.setText} /> : null}
              {tab === 'versions' ? <VersionsPanel surveyId={surveyId} editor={editor} /> : null}
              <SaveBar editor={editor} enabled={enabled} />
            </Stack>
            <FormPreview draft={draft} />
          </Group>
        )}
      </Stack>
    </ConsoleFrame>
  );
}

/**
 * Secure files (セキュアファイル, spec 02 §3–§5): up to 3 files. A picked file gets its entry id on
 * the device (a uuid, like a photo's key) and waits in the upload queue (src/offline/uploads.ts),
 * offline too: 送信待ち, then a progress bar; the queue makes the entry with that id and uploads the
 * bytes, and the server scans them. Each file shows its status: 準備中 and 危険 / 無効ファイル with
 * the spec's sentences, or a download button once Completed, looked at again while the scan runs.
 * The value is one "id#name" per file.
 */
import { Button, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  MAX_SECURE_FILE_BYTES,
  MAX_SECURE_FILES,
  SECURE_FILE_CONTENT_TYPES,
  secureFileNameProblem,
  surveyResourcesSecureFileStatus,
  surveyResultsDownloadSecureFile,
  type SecureFileStatus,
} from '@core/contract/files';
import { parseSecureFileValue } from '@core/items/secure-files';
import { call, unwrap } from '../lib/api';
import { getSession } from '../lib/session';
import { pageOfflineDb } from '../offline/load';
import { deliverPhotos, queueUpload, startPhotoDelivery, subscribeUploadProgress } from '../offline/uploads';
import { useFormEngine } from '../form/engine-context';
import { ja } from '../messages/ja';
import { HiddenFileInput } from './file-input';
import { FileStatus, SCAN_DONE, SCAN_LOOK_EVERY_MS, SCAN_MAX_LOOKS } from './file-status';
import { listOf } from './parts';
import type { ItemProps, ItemUi } from './types';

const t = ja.items.files;

/** The refusal text of a picked file, or null (the server checks all of it again). */
const pickProblem = (file: File): string | null => {
  if (secureFileNameProblem(file.name)) return ja.validation.secureFileName;
  const ext = (file.name.split('.')[1] ?? '').toLowerCase() as keyof typeof SECURE_FILE_CONTENT_TYPES;
  if (!Object.hasOwn(SECURE_FILE_CONTENT_TYPES, ext) || file.size === 0 || file.size > MAX_SECURE_FILE_BYTES) return t.secureFileType;
  return null;
};

/** A file still on the device: waiting (送信待ち) or refused by the server, with its text. */
interface Local {
  status: 'queued' | 'refused';
  error?: string | undefined;
}

export function SecureFilesItem(p: ItemProps<'secureFiles'>) {
  const { plan } = useFormEngine();
  const values = listOf(p.value);
  const input = useRef<HTMLInputElement>(null);
  const [statuses, setStatuses] = useState<Record<string, SecureFileStatus>>({});
  const [local, setLocal] = useState<Record<string, Local>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<Readonly<Record<string, number>>>({});
  const [tick, setTick] = useState(0);
  const ids = values.map((v) => parseSecureFileValue(v)?.id).filter((id): id is string => !!id);
  const idsKey = ids.join(',');

  // Upload progress by file; an upload that ends (delivered or refused) makes the item look again.
  useEffect(() => {
    let was: string[] = [];
    return subscribeUploadProgress((all) => {
      const now = ids.filter((id) => id in all);
      setProgress(Object.fromEntries(now.map((id) => [id, all[id] as number])));
      if (was.some((id) => !now.includes(id))) setTick((n) => n + 1);
      was = now;
    });
  }, [idsKey]);

  // Where each file is: on the device (not sent yet), or on the server with its status, read
  // when the item shows and again while a scan runs (the spec's text still says to reopen later,
  // for a scan that outlasts the looks).
  useEffect(() => {
    if (ids.length === 0) return;
    let gone = false;
    let looks = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      const db = await pageOfflineDb();
      startPhotoDelivery(db);
      const rows = (await db.uploads.bulkGet(ids)).filter((r) => r !== undefined);
      if (gone) return;
      setLocal(Object.fromEntries(rows.map((r) => [r.key, { status: r.status, error: r.error }])));
      const sent = ids.filter((id) => !rows.some((r) => r.key === id));
      if (sent.length === 0) return;
      const found = unwrap(await call(surveyResourcesSecureFileStatus, { body: { ids: sent } }));
      if (gone) return;
      const now = Object.fromEntries(found.map((e) => [e.id, e.fileData.status]));
      setStatuses(now);
      const scanning = sent.some((id) => !SCAN_DONE.includes(now[id] ?? 'Pending'));
      if (scanning && ++looks < SCAN_MAX_LOOKS) timer = setTimeout(() => void look().catch(() => {}), SCAN_LOOK_EVERY_MS);
    };
    void look().catch(() => {});
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [idsKey, tick]);

  const pick = async (file: File) => {
    const why = pickProblem(file);
    setProblem(why);
    if (why) return;
    const userId = getSession()?.profile.userId;
    if (!userId) return;
    const ext = (file.name.split('.')[1] ?? '').toLowerCase() as keyof typeof SECURE_FILE_CONTENT_TYPES;
    // The entry's id is made here, so the value exists offline; the queue makes the entry with it.
    const id = crypto.randomUUID();
    const db = await pageOfflineDb();
    const bytes = await file.arrayBuffer();
    await queueUpload(db, { key: id, kind: 'secure', name: file.name, itemKey: p.item.itemKey, userId, bytes, contentType: SECURE_FILE_CONTENT_TYPES[ext] });
    setLocal((l) => ({ ...l, [id]: { status: 'queued' } }));
    p.onChange([...values, `${id}#${file.name}`]);
    void deliverPhotos(db);
  };

  const remove = async (v: string) => {
    p.onChange(values.filter((x) => x !== v));
    // A file removed before it went need not go at all.
    const id = parseSecureFileValue(v)?.id;
    if (id && local[id]) await (await pageOfflineDb()).uploads.delete(id);
  };

  const download = async (fileId: string) => {
    try {
      const { url } = unwrap(await call(surveyResultsDownloadSecureFile, { body: { surveyId: plan.surveyId, itemKey: p.item.itemKey, fileId } }));
      window.location.assign(url);
    } catch (e) {
      setProblem(e instanceof Error && e.message ? e.message : t.uploadFailed);
    }
  };

  return (
    <Input.Wrapper id={p.id} label={p.label} description={p.description} error={p.error ?? problem} required={p.required} withAsterisk={false}>
      <Stack gap="xs" mt={4}>
        {values.map((v) => {
          const f = parseSecureFileValue(v);
          if (!f) return null;
          const status = statuses[f.id] ?? 'Pending';
          const here = local[f.id];
          const fraction = progress[f.id];
          return (
            <Stack key={v} gap={4} data-testid="secure-file">
              <Group gap="xs">
                <Text size="sm">{f.name}</Text>
                {status === 'Completed' && (
                  <Button size="xs" variant="light" onClick={() => void download(f.id)}>
                    {t.download}
                  </Button>
                )}
                {!p.readOnly && (
                  <Button size="xs" variant="subtle" color="gray" onClick={() => void remove(v)}>
                    {t.remove}
                  </Button>
                )}
              </Group>
              {fraction !== undefined && <Progress value={Math.round(fraction * 100)} aria-label={t.uploading} />}
              {here?.status === 'queued' && fraction === undefined && (
                <Text size="sm" data-testid="secure-file-queued">
                  {t.fileQueued}
                </Text>
              )}
              {here?.status === 'refused' && (
                <Text size="sm" c="red.8">
                  {here.error || t.uploadFailed}
                </Text>
              )}
              {!here && <FileStatus status={status} />}
            </Stack>
          );
        })}
        {!p.readOnly && values.length < MAX_SECURE_FILES && (
          <Group>
            <Button variant="light" onClick={() => input.current?.click()}>
              {t.addFile}
            </Button>
          </Group>
        )}
        <HiddenFileInput ref={input} accept=".jpg,.jpeg,.png,.heic,.heif,.pdf" testId="secure-file-input" onPick={(file) => void pick(file)} />
      </Stack>
    </Input.Wrapper>
  );
}

/** The confirmation shows the files' names, not their ids. */
const secureFilesDisplay = (v: string | string[]) =>
  (typeof v === 'string' ? [v] : v).map((x) => parseSecureFileValue(x)?.name ?? x).join('、');

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'secureFiles'> = { Component: SecureFilesItem, showErrorOnChange: true, display: secureFilesDisplay };

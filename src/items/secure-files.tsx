/**
 * Secure files (セキュアファイル, spec 02 §3–§5): up to 3 files, each uploaded when picked (the
 * server makes its entry, so this needs a connection) with a progress bar, then scanned by the
 * server. Each file shows its status: 準備中 and 危険 / 無効ファイル with the spec's sentences,
 * or a download button once Completed. The value is one "id#name" per file.
 */
import { Button, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  MAX_SECURE_FILE_BYTES,
  MAX_SECURE_FILES,
  SECURE_FILE_CONTENT_TYPES,
  secureFileNameProblem,
  surveyResourcesSecureFileStatus,
  surveyResourcesSecureFiles,
  surveyResultsDownloadSecureFile,
  type SecureFileStatus,
} from '@core/contract/files';
import { parseSecureFileValue } from '@core/items/secure-files';
import { call, unwrap } from '../lib/api';
import { useFormEngine } from '../form/engine-context';
import { ja } from '../messages/ja';
import { HiddenFileInput } from './file-input';
import { FileStatus } from './file-status';
import { listOf } from './parts';
import type { ItemProps } from './types';

const t = ja.items.files;

const put = (url: string, file: File, contentType: string, onProgress: (f: number) => void) =>
  new Promise<number>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve(xhr.status);
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.send(file);
  });

/** The refusal text of a picked file, or null (the server checks all of it again). */
const pickProblem = (file: File): string | null => {
  if (secureFileNameProblem(file.name)) return ja.validation.secureFileName;
  const ext = (file.name.split('.')[1] ?? '').toLowerCase() as keyof typeof SECURE_FILE_CONTENT_TYPES;
  if (!Object.hasOwn(SECURE_FILE_CONTENT_TYPES, ext) || file.size === 0 || file.size > MAX_SECURE_FILE_BYTES) return t.secureFileType;
  return null;
};

export function SecureFilesItem(p: ItemProps<'secureFiles'>) {
  const { plan } = useFormEngine();
  const values = listOf(p.value);
  const input = useRef<HTMLInputElement>(null);
  const [statuses, setStatuses] = useState<Record<string, SecureFileStatus>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const ids = values.map((v) => parseSecureFileValue(v)?.id).filter((id): id is string => !!id);
  const idsKey = ids.join(',');

  // The status of each file, read when the item shows (the spec asks the resident to reopen later).
  useEffect(() => {
    if (ids.length === 0) return;
    let gone = false;
    call(surveyResourcesSecureFileStatus, { body: { ids } })
      .then((a) => !gone && setStatuses(Object.fromEntries(unwrap(a).map((e) => [e.id, e.fileData.status]))))
      .catch(() => {});
    return () => {
      gone = true;
    };
  }, [idsKey]);

  const pick = async (file: File) => {
    const why = pickProblem(file);
    setProblem(why);
    if (why) return;
    if (typeof navigator !== 'undefined' && !navigator.onLine) return setProblem(t.needsOnline);
    const ext = (file.name.split('.')[1] ?? '').toLowerCase() as keyof typeof SECURE_FILE_CONTENT_TYPES;
    const contentType = SECURE_FILE_CONTENT_TYPES[ext];
    setProgress(0);
    try {
      const [entry] = unwrap(
        await call(surveyResourcesSecureFiles, { body: { files: [{ name: file.name, contentType, size: file.size, itemKey: p.item.itemKey }] } }),
      );
      if (!entry) throw new Error('no entry');
      const status = await put(entry.url, file, contentType, setProgress);
      if (status !== 200) return setProblem(status === 413 || status === 415 || status === 400 ? t.secureFileType : t.uploadFailed);
      setStatuses((s) => ({ ...s, [entry.id]: 'Pending' }));
      p.onChange([...values, `${entry.id}#${file.name}`]);
    } catch {
      setProblem(t.uploadFailed);
    } finally {
      setProgress(null);
    }
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
                  <Button size="xs" variant="subtle" color="gray" onClick={() => p.onChange(values.filter((x) => x !== v))}>
                    {t.remove}
                  </Button>
                )}
              </Group>
              <FileStatus status={status} />
            </Stack>
          );
        })}
        {progress !== null && <Progress value={Math.round(progress * 100)} aria-label={t.uploading} />}
        {!p.readOnly && values.length < MAX_SECURE_FILES && (
          <Group>
            <Button variant="light" loading={progress !== null} onClick={() => input.current?.click()}>
              {t.addFile}
            </Button>
          </Group>
        )}
        <HiddenFileInput ref={input} accept=".jpg,.jpeg,.png,.heic,.heif,.pdf" testId="secure-file-input" onPick={(file) => void pick(file)} />
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * Image (画像): the resident picks a photo, sees it at once, and it is made small on the phone
 * (photo-resize.ts) and delivered through the photo queue (src/offline/uploads.ts), offline too.
 * The value is the key the photo is stored under (answers/{uuid}), set as soon as it is picked.
 * A photo already on the server is shown once scanned; until then 準備中, and 危険 / 無効ファイル
 * with the spec's sentence when the scan refused it.
 */
import { Button, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { MAX_IMAGE_BYTES, surveyResourcesPresignedUrls, type SecureFileStatus } from '@core/contract/files';
import { imageFileProblem } from '@core/items/image';
import { call, unwrap } from '../lib/api';
import { getSession } from '../lib/session';
import { pageOfflineDb } from '../offline/load';
import { deliverPhotos, queueUpload, startPhotoDelivery, subscribeUploadProgress } from '../offline/uploads';
import { ja } from '../messages/ja';
import { HiddenFileInput } from './file-input';
import { FileStatus, SCAN_DONE, SCAN_LOOK_EVERY_MS, SCAN_MAX_LOOKS } from './file-status';
import { preparePhoto } from './photo-resize';
import { textOf } from './parts';
import type { ItemProps, ItemUi } from './types';

const t = ja.items.files;

interface Shown {
  key: string;
  src: string | null;
  /** queued: on the device; refused: the server said no; else the server's scan status. */
  state: 'queued' | 'refused' | SecureFileStatus;
  error?: string | undefined;
}

export function ImageItem(p: ItemProps<'image'>) {
  const key = textOf(p.value);
  const input = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const [tick, setTick] = useState(0);

  // The progress bar; an upload that ends (delivered or refused) makes the item look again.
  useEffect(() => {
    let was = false;
    return subscribeUploadProgress((all) => {
      const now = key !== '' && key in all;
      setProgress(now ? (all[key] as number) : null);
      if (was && !now) setTick((n) => n + 1);
      was = now;
    });
  }, [key]);

  // Where the photo of `key` is: on the device (not sent yet), or on the server.
  useEffect(() => {
    if (!key) return setShown(null);
    let gone = false;
    let objectUrl: string | null = null;
    let looks = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      const db = await pageOfflineDb();
      startPhotoDelivery(db);
      const local = await db.uploads.get(key);
      if (gone) return;
      if (local) {
        objectUrl = URL.createObjectURL(new Blob([local.bytes], { type: local.contentType }));
        setShown({ key, src: objectUrl, state: local.status, error: local.error });
        return;
      }
      try {
        const [entry] = unwrap(await call(surveyResourcesPresignedUrls, { body: { keys: [key] } }));
        if (gone || !entry) return;
        setShown({ key, src: entry.url ?? null, state: entry.status });
        if (!SCAN_DONE.includes(entry.status) && ++looks < SCAN_MAX_LOOKS) timer = setTimeout(() => void look(), SCAN_LOOK_EVERY_MS);
      } catch {
        if (!gone) setShown({ key, src: null, state: 'Pending' });
      }
    };
    void look();
    return () => {
      gone = true;
      clearTimeout(timer);
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key, tick]);

  const pick = async (file: File) => {
    const why = imageFileProblem(file, MAX_IMAGE_BYTES);
    setProblem(why ? t[why] : null);
    if (why) return;
    const userId = getSession()?.profile.userId;
    if (!userId) return;
    setBusy(true);
    try {
      const photo = await preparePhoto(file);
      const newKey = `answers/${crypto.randomUUID()}`;
      const db = await pageOfflineDb();
      await queueUpload(db, { key: newKey, userId, ...photo });
      p.onChange(newKey);
      void deliverPhotos(db);
    } finally {
      setBusy(false);
    }
  };

  const state = shown?.state;
  return (
    <Input.Wrapper id={p.id} label={p.label} description={p.description} error={p.error ?? problem} required={p.required} withAsterisk={false}>
      <Stack gap="xs" mt={4}>
        {shown?.src && (state === 'queued' || state === 'Completed') && (
          <Image src={shown.src} alt={t.preview} maw={240} radius="sm" data-testid="image-preview" />
        )}
        {progress !== null && (
          <Stack gap={2}>
            <Text size="xs">{t.uploading}</Text>
            <Progress value={Math.round(progress * 100)} aria-label={t.uploading} />
          </Stack>
        )}
        {state === 'queued' && progress === null && <Text size="sm" data-testid="image-queued">{t.queued}</Text>}
        {state === 'refused' && <Text size="sm" c="red.8">{shown?.error || t.uploadFailed}</Text>}
        {state && state !== 'queued' && state !== 'refused' && <FileStatus status={state} />}
        {!p.readOnly && (
          <Group>
            <Button variant="light" loading={busy} onClick={() => input.current?.click()}>
              {key ? t.changePhoto : t.pickPhoto}
            </Button>
            {key && (
              <Button variant="subtle" color="gray" onClick={() => p.onChange(undefined)}>
                {t.remove}
              </Button>
            )}
          </Group>
        )}
        <HiddenFileInput ref={input} accept="image/png,image/jpeg,image/heif,image/heic,.heic,.heif" testId="image-input" onPick={(file) => void pick(file)} />
      </Stack>
    </Input.Wrapper>
  );
}

/** The confirmation says a photo is attached; its key means nothing to a resident. */
const imageDisplay = () => ja.items.files.preview;

/** Loaded on demand (registry.ts): a form without this type never downloads it. */
export const ui: ItemUi<'image'> = { Component: ImageItem, showErrorOnChange: true, display: imageDisplay };

/**
 * Files on the device: the status texts of spec 02 §4, the photo checks made before any upload,
 * and what a sign-out does with photos and secure files still waiting (kept only for an
 * undelivered answer).
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@core/contract/files';
import { imageFileProblem } from '@core/items/image';
import { FileStatus } from '../../src/items/file-status';
import { ja } from '../../src/messages/ja';
import type { OfflineDb, OutboxRow } from '../../src/offline/db';
import { wipeOwnerData } from '../../src/offline/wipe';
import { openTestDb } from './offline-helpers';

const dbs: OfflineDb[] = [];
afterEach(() => {
  cleanup();
  for (const db of dbs.splice(0)) db.close();
});

describe('file status texts', () => {
  const cases = [
    ['Pending', '準備中', 'ファイルの準備中です。数十秒後にもう一度画面を開き直してご確認ください。'],
    ['InProgress', '準備中', 'ファイルの準備中です。数十秒後にもう一度画面を開き直してご確認ください。'],
    ['Encrypting', '準備中', 'ファイルの準備中です。数十秒後にもう一度画面を開き直してご確認ください。'],
    ['Error', '危険', 'ウイルス等の疑いがあるため、このファイルは利用できません。'],
    ['Infected', '無効ファイル', 'ウイルス等の疑いがあるため、このファイルは利用できません。'],
  ] as const;
  it.each(cases)('%s shows %s and the spec sentence', (status, label, sentence) => {
    render(
      <MantineProvider>
        <FileStatus status={status} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('file-status').textContent).toBe(label);
    expect(screen.getByText(sentence)).toBeTruthy();
  });
  it('Completed shows no status', () => {
    render(
      <MantineProvider>
        <FileStatus status="Completed" />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('file-status')).toBeNull();
    expect(screen.queryByText(/ファイル/)).toBeNull();
  });
});

describe('photo checks before upload', () => {
  it('refuses other types and photos over 20 MB with the spec texts', () => {
    expect(imageFileProblem({ name: 'a.gif', type: 'image/gif', size: 10 }, MAX_IMAGE_BYTES)).toBe('imageType');
    expect(imageFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 }, MAX_IMAGE_BYTES)).toBe('imageSize');
    expect(imageFileProblem({ name: 'IMG_0001.HEIC', type: '', size: 10 }, MAX_IMAGE_BYTES)).toBeNull();
    expect(ja.items.files.imageType).toBe('JPG、JPEG、PNG、HEIF の写真ファイルを選んでください');
    expect(ja.items.files.imageSize).toBe('20MB 以下のファイルを選んでください');
  });
});

describe('photos at sign-out', () => {
  const photo = (key: string, userId: string) => ({ key, userId, bytes: new ArrayBuffer(4), contentType: 'image/jpeg', status: 'queued' as const, createdAt: 1 });
  const answer = (id: string, userId: string, status: OutboxRow['status'], value: string): OutboxRow => ({
    id,
    userId,
    endpoint: 'surveyResultsPutItem',
    request: { body: { data: [{ surveyId: 's1', itemKey: 'photo', value }] } },
    meta: { surveyId: 's1', title: 't' },
    fingerprint: `fp-${id}`,
    status,
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 1,
    updatedAt: 0,
  });

  it('keeps a photo only while an undelivered answer of its owner holds its key', async () => {
    const db = openTestDb();
    dbs.push(db);
    await db.uploads.bulkPut([photo('answers/a', 'U1'), photo('answers/b', 'U1'), photo('answers/c', 'U1'), photo('answers/d', 'U2')]);
    await db.outbox.bulkPut([answer('o1', 'U1', 'queued', 'answers/a'), answer('o2', 'U1', 'delivered', 'answers/b')]);
    await wipeOwnerData(db, 'U1');
    expect((await db.uploads.toArray()).map((u) => u.key).sort()).toEqual(['answers/a', 'answers/d']);
  });

  it('keeps a secure file waiting to upload under the same rule: only for an undelivered answer naming it', async () => {
    const db = openTestDb();
    dbs.push(db);
    const file = (key: string, userId: string) => ({ ...photo(key, userId), kind: 'secure' as const, name: 'a.pdf', itemKey: 'docs', contentType: 'application/pdf' });
    const [kept, draft, sent] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.uploads.bulkPut([file(kept, 'U1'), file(draft, 'U1'), file(sent, 'U1')]);
    await db.outbox.bulkPut([answer('o1', 'U1', 'stalled', `${kept}#a.pdf`), answer('o2', 'U1', 'delivered', `${sent}#a.pdf`)]);
    await wipeOwnerData(db, 'U1');
    expect((await db.uploads.toArray()).map((u) => u.key)).toEqual([kept]);
  });
});

import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SecureFileStatus } from '@core/contract/files';
import { SCAN_LOOK_EVERY_MS, SCAN_MAX_LOOKS } from '../../src/items/file-status';
import { saveSession } from '../../src/lib/session';
import { ja } from '../../src/messages/ja';
import { makeIdToken } from './fake-clock';
import { itemEl, makeConfig, renderForm } from './form-harness';
import { json } from './offline-helpers';

const FILE_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const t = ja.items.files;

/** The server's scan status answers, one per look; the last repeats. */
const serveStatuses = (statuses: SecureFileStatus[]) => {
  const asked: string[][] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    if (!String(url).endsWith('/survey-resources/secure-files/status')) return json(404, { result: 'ERROR' });
    asked.push((JSON.parse(String(init?.body)) as { ids: string[] }).ids);
    const status = statuses[Math.min(asked.length - 1, statuses.length - 1)];
    return json(200, { result: 'OK', data: [{ id: FILE_ID, itemKey: 'docs', fileData: { name: '診断書.pdf', status } }] });
  });
  vi.stubGlobal('fetch', fetch);
  return asked;
};

const showFile = () =>
  renderForm(makeConfig([{ itemKey: 'docs', type: 'secureFiles', title: '診断書' }]), { initialValues: { docs: [`${FILE_ID}#診断書.pdf`] } });

const docs = () => within(itemEl('docs') as HTMLElement);

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  saveSession({ idToken: makeIdToken({ sub: 'U1', exp: 4_000_000_000 }), accessToken: 'a', profile: { userId: 'U1', displayName: '山田 花子' } });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a secure file on the server while its scan runs', () => {
  it('shows 準備中, looks again, and offers the download once the scan is done, then stops looking', async () => {
    const asked = serveStatuses(['Pending', 'InProgress', 'Completed']);
    showFile();
    await waitFor(() => expect(asked).toEqual([[FILE_ID]]));
    expect(docs().getByTestId('file-status').textContent).toBe(t.statusPending);
    await wait(SCAN_LOOK_EVERY_MS);
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(docs().getByTestId('file-status').textContent).toBe(t.statusPending);
    await wait(SCAN_LOOK_EVERY_MS);
    await waitFor(() => expect(docs().getByRole('button', { name: t.download })).toBeTruthy());
    expect(docs().queryByTestId('file-status')).toBeNull();
    await wait(SCAN_LOOK_EVERY_MS * 3);
    expect(asked).toHaveLength(3);
  });

  it('an infected file is looked at until the scan says so, then shows 無効ファイル', async () => {
    const asked = serveStatuses(['InProgress', 'Infected']);
    showFile();
    await waitFor(() => expect(asked).toHaveLength(1));
    await wait(SCAN_LOOK_EVERY_MS);
    await waitFor(() => expect(docs().getByTestId('file-status').textContent).toBe(t.statusInfected));
    await wait(SCAN_LOOK_EVERY_MS * 3);
    expect(asked).toHaveLength(2);
  });

  it('gives up after its looks, leaving 準備中 and the spec’s sentence to reopen later', async () => {
    const asked = serveStatuses(['InProgress']);
    showFile();
    for (let i = 0; i < SCAN_MAX_LOOKS + 3; i += 1) await wait(SCAN_LOOK_EVERY_MS);
    expect(asked).toHaveLength(SCAN_MAX_LOOKS);
    expect(docs().getByTestId('file-status').textContent).toBe(t.statusPending);
    expect(screen.getByText(t.notReady)).toBeTruthy();
  });
});

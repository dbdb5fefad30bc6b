/**
 * Issue 54: the lookup search form offers a signed-in resident what the app knows of them: their
 * display name in a 氏名 item, and the phone of their newest answer to the form this device holds
 * (their delivered outbox entry), never another resident's.
 */
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { getOfflineDb } from '../../src/offline/db';
import { pageOutbox } from '../../src/offline/load';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

const config = {
  surveyId: 'enq',
  surveyTitle: '粗大ごみ受付',
  surveyStatus: 'enabled',
  version: 1,
  surveySchema: [
    { itemKey: 'name', type: 'text', title: '氏名', isSearchable: { value: true } },
    { itemKey: 'kana', type: 'text', title: '氏名（フリガナ）', isSearchable: { value: true } },
    { itemKey: 'tel', type: 'phone', title: '電話番号', isSearchable: { value: true } },
  ],
};

const delivered = (userId: string, phone: string, at: number) => ({
  id: `sent-${userId}-${at}`,
  userId,
  endpoint: 'surveyResultsPutItem',
  request: { body: { data: [{ surveyId: 'enq', itemKey: 'name', value: '山田 花子' }, { surveyId: 'enq', itemKey: 'tel', value: phone }], configVersion: 1 } },
  meta: { surveyId: 'enq', title: '粗大ごみ受付' },
  fingerprint: `fp-${userId}-${at}`,
  status: 'delivered' as const,
  attempts: 1,
  nextAttemptAt: at,
  answer: { partitionKey: `enq#${userId}#1`, answercode: '1' },
  createdAt: at,
  updatedAt: at,
});

const field = (key: string) => document.querySelector<HTMLInputElement>(`[data-item-key="${key}"]`);

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await clearDevice();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, { result: 'OK', data: config })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the lookup search form, offered filled in', () => {
  it("the resident's name, and the phone of their newest answer here; not the kana, not an older phone", async () => {
    signInResident('U1', '山田 花子');
    const t = Date.now();
    await getOfflineDb().outbox.bulkAdd([delivered('U1', '09011112222', t - 60_000), delivered('U1', '09033334444', t)]);
    await pageOutbox();
    window.history.replaceState(null, '', '/confirmSearchForm?surveyId=enq');
    render(<App />);
    await waitFor(() => expect(field('name')?.value).toBe('山田 花子'), { timeout: 5000 });
    await waitFor(() => expect(field('tel')?.value).toBe('09033334444'));
    expect(field('kana')?.value).toBe('');
  });

  it("never another resident's phone", async () => {
    const t = Date.now();
    await getOfflineDb().outbox.add(delivered('U2', '09055556666', t));
    signInResident('U1', '山田 花子');
    await pageOutbox();
    window.history.replaceState(null, '', '/confirmSearchForm?surveyId=enq');
    render(<App />);
    await waitFor(() => expect(field('name')?.value).toBe('山田 花子'), { timeout: 5000 });
    // The outbox has answered (the badge area), and still no phone.
    await new Promise((r) => setTimeout(r, 300));
    expect(field('tel')?.value).toBe('');
  });
});

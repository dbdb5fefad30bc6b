/** The survey page end to end inside the app: config in, answers out through putItem, completion. */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { saveSession } from '../../src/lib/session';
import { ja } from '../../src/messages/ja';
import { makeIdToken } from './fake-clock';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const config = (extra: Record<string, unknown>) => ({
  surveyId: 's1',
  surveyTitle: '粗大ごみ受付',
  description: '詳しくは https://example.jp/gomi をご覧ください。',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 4,
  surveySchema: [
    { itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true }, queryParam1: 'n' },
    { itemKey: 'memo', type: 'textarea', title: 'ご要望' },
  ],
  ...extra,
});

const signIn = () =>
  saveSession({
    idToken: makeIdToken({ sub: 'U1', exp: Math.floor(Date.now() / 1000) + 3600 }),
    accessToken: 'a',
    profile: { userId: 'U1', displayName: '山田 花子' },
  });

const serve = (cfg: unknown, putAnswer: unknown) => {
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: cfg });
    if (url.pathname.endsWith('/survey-results/putItem')) return json(200, putAnswer);
    void init;
    return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

const sendForm = async () => {
  fireEvent.click(await screen.findByTestId('submit-button'));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ja.form.send }));
};

describe('the survey page', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('prefills from the URL, sends the rows with the config version, and shows the end message and 受付番号', async () => {
    const fetch = serve(
      config({ isAppending: { value: true }, isDisplayAnswerCode: { value: true }, endOfSurveyMessage: [{ type: 'text', text: '受付しました。' }] }),
      { result: 'OK', partitionKey: 's1#U1#1', answercode: '000123', data: [] },
    );
    window.history.replaceState(null, '', '/survey/s1?n=%E5%B1%B1%E7%94%B0');
    render(<App />);
    expect(await screen.findByTestId('survey-description')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://example.jp/gomi' }).getAttribute('href')).toBe('https://example.jp/gomi');
    expect((screen.getByLabelText(/^お名前/) as HTMLInputElement).value).toBe('山田');
    await sendForm();
    const done = await screen.findByTestId('survey-complete');
    expect(within(done).getByText('受付しました。')).toBeTruthy();
    expect(within(screen.getByTestId('answer-code')).getByText('000123')).toBeTruthy();
    expect(within(screen.getByTestId('answer-code')).getByText('受付番号')).toBeTruthy();
    const put = fetch.mock.calls.find(([u]) => String(u).includes('putItem'))!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      data: [{ surveyId: 's1', itemKey: 'name', title: 'お名前', value: '山田', sortKey: 'name' }],
      configVersion: 4,
    });
  });

  it('shows the default end text without an answer code when the form does not display one', async () => {
    serve(config({}), { result: 'OK', partitionKey: 's1#U1', answercode: '000124', data: [] });
    window.history.replaceState(null, '', '/survey/s1');
    render(<App />);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '山田' } });
    await sendForm();
    const done = await screen.findByTestId('survey-complete');
    expect(done.textContent).toBe(ja.form.doneDefault);
    expect(screen.queryByTestId('answer-code')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

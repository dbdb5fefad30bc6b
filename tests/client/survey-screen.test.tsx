/** The survey page end to end inside the app: config in, answers out through putItem, completion. */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { getOfflineDb } from '../../src/offline/db';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

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
  signInResident();

const serve = (cfg: unknown, putAnswer: unknown) => {
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: cfg });
    if (url.pathname.endsWith('/survey-results/putItem')) return json(200, putAnswer);
    if (url.pathname.endsWith('/member-configs/getItem')) {
      return json(200, { result: 'OK', data: { ...config({}), surveyId: url.searchParams.get('memberSurveyId'), surveyTitle: '会員登録', linkedForms: [] } });
    }
    if (url.pathname.endsWith('/member-results/getByUserId')) return json(200, { result: 'OK', data: [] });
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
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await clearDevice();
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
    expect(((await screen.findByLabelText(/^お名前/)) as HTMLInputElement).value).toBe('山田');
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

  it('sends a resident who is not a member yet to the member page of the form', async () => {
    serve(config({ hasMember: false, memberFormId: 'kaiin-2024' }), {});
    window.history.replaceState(null, '', '/survey/s1');
    render(<App />);
    const page = await screen.findByTestId('member-page');
    expect(page.getAttribute('data-member-form-id')).toBe('kaiin-2024');
    expect(window.location.pathname).toBe('/member/kaiin-2024');
    // The registration's completion leads back to the form that sent the resident.
    expect(new URLSearchParams(window.location.search).get('survey')).toBe('s1');
  });

  it("sends a bed survey's address to its bed screen, and a change of one to its history", async () => {
    serve(config({ surveyType: 'bed' }), {});
    window.history.replaceState(null, '', '/survey/s1');
    const first = render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/bed-reservation/s1'));
    expect(screen.queryByTestId('survey-form')).toBeNull();
    first.unmount();

    window.history.replaceState(null, '', '/survey/s1?partitionKey=s1%23U1%231');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/bed-reservation-list/s1'));
    expect(screen.queryByTestId('survey-form')).toBeNull();
  });

  it('says 帳票スキーマ見つけられません for a member form that does not exist', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { result: 'ERROR', code: 'not_found', errorMessage: ja.errors.memberSchemaMissing })),
    );
    window.history.replaceState(null, '', '/member/no-such-form');
    render(<App />);
    expect((await screen.findByTestId('error-card')).textContent).toContain(ja.errors.memberSchemaMissing);
    fireEvent.click(screen.getByTestId('back-to-start'));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('shows a close button after a first answer, and no notice about closing the browser (only a change has one)', async () => {
    serve(config({}), { result: 'OK', partitionKey: 's1#U1', answercode: null, data: [] });
    window.history.replaceState(null, '', '/survey/s1');
    render(<App />);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '鈴木 一郎' } });
    await sendForm();
    expect(await screen.findByTestId('survey-complete')).toBeTruthy();
    expect(screen.queryByTestId('completion-notice')).toBeNull();
    // No item of this form is searchable: the lookup could not find the answer, so no way to it.
    expect(screen.queryByTestId('completion-lookup')).toBeNull();
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    fireEvent.click(screen.getByTestId('close-app'));
    await waitFor(() => expect(close).toHaveBeenCalled());
    // Outside LINE a tab the resident opened stays open: 閉じる goes to the start page instead.
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('leads a member from the completion to their list of bookings, this form first', async () => {
    serve(config({ hasMember: true, memberFormId: 'kaiin', isAppending: { value: true } }), { result: 'OK', partitionKey: 's1#U1#1', answercode: null, data: [] });
    window.history.replaceState(null, '', '/survey/s1');
    render(<App />);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '会員 一郎' } });
    await sendForm();
    const link = await screen.findByTestId('completion-member-list');
    expect(link.textContent).toBe(ja.member.toList);
    expect(link.getAttribute('href')).toBe('/member-confirmList/kaiin?form=s1');
  });

  it('offers no member list on the completion while members are switched off', async () => {
    const fetch = serve(config({ hasMember: true, memberFormId: 'kaiin' }), { result: 'OK', partitionKey: 's1#U1', answercode: null, data: [] });
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) =>
      String(input).endsWith('/app-config')
        ? json(200, {
            result: 'OK',
            data: { channelId: '1', authorizeUrl: 'http://localhost/a', liffId: null, devIssuer: true, externalUrlHosts: [], features: { members: false, payment: true, medical: true, secureFiles: true } },
          })
        : answer(input, init),
    );
    window.history.replaceState(null, '', '/survey/s1');
    render(<App />);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '中村' } });
    await sendForm();
    expect(await screen.findByTestId('survey-complete')).toBeTruthy();
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/app-config'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('completion-member-list')).toBeNull();
  }, 15_000);

  it('survives a reload of the completion page, and its 照会 link reaches the lookup', async () => {
    const searchable = [{ itemKey: 'name', type: 'text', title: 'お名前', isRequired: { value: true }, isSearchable: { value: true } }];
    serve(config({ isAppending: { value: true }, isDisplayAnswerCode: { value: true }, surveySchema: searchable }), {
      result: 'OK',
      partitionKey: 's1#U1#1',
      answercode: '000125',
      data: [],
    });
    window.history.replaceState(null, '', '/survey/s1');
    const first = render(<App />);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '木村' } });
    await sendForm();
    expect(within(await screen.findByTestId('answer-code')).getByText('000125')).toBeTruthy();
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('sent')).toBeTruthy());
    first.unmount();
    render(<App />);
    expect(within(await screen.findByTestId('answer-code')).getByText('000125')).toBeTruthy();
    expect(screen.queryByTestId('survey-form')).toBeNull();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fireEvent.click(screen.getByTestId('completion-lookup'));
    await waitFor(() => expect(window.location.pathname).toBe('/confirm'));
    expect(alert).not.toHaveBeenCalled();
  });

  it('opens the form afresh when the sent answer the address names is not on this device', async () => {
    serve(config({}), {});
    window.history.replaceState(null, '', '/survey/s1?sent=nothing-here');
    render(<App />);
    expect(await screen.findByLabelText(/^お名前/)).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('an unknown or closed form says 本帳票が無効 and offers the way back to the start page', async () => {
    const fetch = vi.fn(async () => json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'no survey config.' }));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/survey/gone');
    render(<App />);
    expect(await screen.findByText(ja.errors.notFound)).toBeTruthy();
    fireEvent.click(screen.getByTestId('back-to-start'));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('shows the default end text without an answer code when the form does not display one', async () => {
    serve(config({}), { result: 'OK', partitionKey: 's1#U1', answercode: '000124', data: [] });
    window.history.replaceState(null, '', '/survey/s1');
    render(<App />);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '佐藤' } });
    await sendForm();
    const done = await screen.findByTestId('survey-complete');
    expect(done.textContent).toBe(ja.form.doneDefault);
    expect(screen.queryByTestId('answer-code')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the answer on the device when the network is down, says so, and sends it when it is back', async () => {
    let down = true;
    const fetch = vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: config({}) });
      if (down) throw new TypeError('Failed to fetch');
      return json(200, { result: 'OK', partitionKey: 's1#U1', answercode: null, data: [] });
    });
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/survey/s1');
    render(<App />);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '鈴木' } });
    await sendForm();
    const queued = await screen.findByTestId('survey-queued', {}, { timeout: 5000 });
    expect(queued.textContent).toContain(ja.offline.savedOffline);
    // The badge says what it counts.
    expect((await screen.findByTestId('outbox-count')).textContent).toBe('未送信 1件');
    // The badge opens the queue: the entry, its status and its last error, and 今すぐ再送信.
    fireEvent.click(screen.getByTestId('outbox-badge'));
    const list = await screen.findByTestId('outbox-list');
    const entry = within(list).getByTestId('outbox-entry');
    expect(entry.getAttribute('data-status')).toBe('queued');
    expect(within(entry).getByText('粗大ごみ受付')).toBeTruthy();
    // In Japanese: fetch's own words stay in the entry and the data attribute, for support.
    const error = within(entry).getByTestId('outbox-error');
    expect(error.textContent).toBe(`最後のエラー: ${ja.offline.networkFailed}`);
    expect(error.textContent).not.toContain('Failed to fetch');
    expect(error.getAttribute('data-detail')).toContain('Failed to fetch');
    down = false;
    fireEvent.click(within(list).getByRole('button', { name: ja.offline.retryNow }));
    expect((await screen.findByTestId('survey-complete')).textContent).toBe(ja.form.doneDefault);
    await waitFor(() => expect(screen.queryByTestId('outbox-badge')).toBeNull());
    expect(await getOfflineDb().drafts.count()).toBe(0);
  }, 20_000);

  it('reopens a refused answer with its values and the server message per item', async () => {
    const fetch = serve(config({}), {});
    fetch.mockImplementation(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: config({}) });
      return json(400, { result: 'ERROR', code: 'invalid_answer', errorMessage: '入力内容を確認してください', issues: [{ path: 'name', message: 'お名前が違います' }] });
    });
    window.history.replaceState(null, '', '/survey/s1');
    const first = render(<App />);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '高橋' } });
    await sendForm();
    expect(await screen.findByText('お名前が違います')).toBeTruthy();
    first.unmount();
    render(<App />);
    expect(await screen.findByText('お名前が違います')).toBeTruthy();
    expect(((await screen.findByLabelText(/^お名前/)) as HTMLInputElement).value).toBe('高橋');
    // Refused while its form was open, and fixed there: not one to check (要確認) in the header.
    expect(screen.queryByTestId('outbox-badge')).toBeNull();
    expect(screen.queryByText(ja.offline.badgeRejected)).toBeNull();
  });

  it('a refused answer sent again replaces its refused entry, refused again or not', async () => {
    let refuse = true;
    const fetch = serve(config({}), {});
    fetch.mockImplementation(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: config({}) });
      if (!refuse) return json(200, { result: 'OK', partitionKey: 's1#U1', answercode: null, data: [] });
      return json(400, { result: 'ERROR', code: 'invalid_answer', errorMessage: '入力内容を確認してください', issues: [{ path: 'name', message: 'お名前が違います' }] });
    });
    window.history.replaceState(null, '', '/survey/s1');
    render(<App />);
    const name = await screen.findByLabelText(/^お名前/);
    for (const typed of ['高橋', '高橋 一']) {
      fireEvent.change(name, { target: { value: typed } });
      await sendForm();
      expect(await screen.findByText('お名前が違います')).toBeTruthy();
      await waitFor(async () => expect((await getOfflineDb().outbox.toArray()).map((e) => [e.status, e.atForm])).toEqual([['rejected', true]]));
    }
    refuse = false;
    fireEvent.change(name, { target: { value: '高橋 一郎' } });
    await sendForm();
    await screen.findByTestId('survey-complete');
    expect((await getOfflineDb().outbox.toArray()).map((e) => e.status)).toEqual(['delivered']);
  }, 20_000);

  it('restores what was typed after a reload, per user and survey', async () => {
    serve(config({}), {});
    window.history.replaceState(null, '', '/survey/s1');
    const first = render(<App />);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '下書き' } });
    await waitFor(async () => expect(await getOfflineDb().drafts.count()).toBe(1), { timeout: 3000 });
    first.unmount();
    render(<App />);
    expect(((await screen.findByLabelText(/^お名前/)) as HTMLInputElement).value).toBe('下書き');
  });

  it('refuses a second submit of the same answer with the completed-submit text', async () => {
    serve(config({}), { result: 'OK', partitionKey: 's1#U1', answercode: null, data: [] });
    window.history.replaceState(null, '', '/survey/s1');
    const first = render(<App />);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '田中' } });
    await sendForm();
    await screen.findByTestId('survey-complete');
    first.unmount();
    window.history.replaceState(null, '', '/survey/s1');
    render(<App />);
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '田中' } });
    await sendForm();
    expect(await within(await screen.findByRole('dialog')).findByText(ja.offline.alreadySent)).toBeTruthy();
  });
});


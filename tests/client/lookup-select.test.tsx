/** The lookup's survey selection holds the forms for members too, and leads to the member's list (issue 54). */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { json } from './offline-helpers';
import { freshDeviceWithResident } from './resident';

const served = (surveyId: string, surveyTitle: string) => ({
  surveyId,
  surveyTitle,
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 1,
  surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前', isSearchable: { value: true } }],
});

const serve = (open: unknown[]) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/survey-configs/getAllSearchable')) return json(200, { result: 'OK', data: [served('gomi', '粗大ごみ')] });
      if (url.pathname.endsWith('/survey-configs/open')) return json(200, { result: 'OK', data: open });
      return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
    }),
  );

const MEMBER_FORM = { surveyId: 'kaiin-yoyaku', surveyTitle: '会員予約', description: null, memberFormId: 'kaiin' };

describe('the lookup’s survey selection', () => {
  beforeEach(async () => {
    await freshDeviceWithResident();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the forms for members beside the searchable ones; one leads to the member’s list', async () => {
    serve([MEMBER_FORM, { surveyId: 'gomi', surveyTitle: '粗大ごみ', description: null }]);
    window.history.replaceState(null, '', '/confirm');
    render(<App />);
    const select = (await screen.findByTestId('survey-type')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['選択してください', '粗大ごみ', '会員予約']);
    fireEvent.change(select, { target: { value: 'kaiin-yoyaku' } });
    fireEvent.click(screen.getByTestId('lookup-next'));
    await waitFor(() => expect(window.location.pathname).toBe('/member-confirmList/kaiin'));
    expect(new URLSearchParams(window.location.search).get('form')).toBe('kaiin-yoyaku');
  });

  it('goes straight to the member’s list when the path names a form for members', async () => {
    serve([MEMBER_FORM]);
    window.history.replaceState(null, '', '/confirm/kaiin-yoyaku');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/member-confirmList/kaiin'));
  });

  it('still goes to the search form of a searchable survey', async () => {
    serve([MEMBER_FORM]);
    window.history.replaceState(null, '', '/confirm');
    render(<App />);
    fireEvent.change(await screen.findByTestId('survey-type'), { target: { value: 'gomi' } });
    fireEvent.click(screen.getByTestId('lookup-next'));
    await waitFor(() => expect(window.location.pathname).toBe('/confirmSearchForm'));
  });
});

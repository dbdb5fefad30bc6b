/**
 * The product's alert dialog (spec 01 §9: alerts 320 wide) in place of window.alert: the lookup's
 * search shows 検索対象のデータがありません in it, OK closes it, and the browser's alert is never called.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { ALERT_DIALOG_WIDTH, clearAlerts, showAlert } from '../../src/ui/alert';
import { clearDevice, json } from './offline-helpers';
import { signInResident } from './resident';

const config = {
  surveyId: 'enq',
  surveyTitle: 'アンケート',
  surveyStatus: 'enabled',
  numberMonthShowCalendar: 1,
  version: 1,
  surveySchema: [{ itemKey: 'name', type: 'text', title: 'お名前', isSearchable: { value: true }, isRequired: { value: true } }],
};

describe('the alert dialog', () => {
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    await clearDevice();
    signInResident();
    vi.stubGlobal('alert', vi.fn());
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.endsWith('/survey-configs/getItem')) return json(200, { result: 'OK', data: config });
        if (url.pathname.endsWith('/survey-results/filterQuery')) return json(200, { result: 'OK', data: [] });
        return json(404, { result: 'ERROR', code: 'not_found', errorMessage: 'not found' });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    clearAlerts();
    vi.unstubAllGlobals();
  });

  it('is 320 wide', () => {
    expect(ALERT_DIALOG_WIDTH).toBe(320);
  });

  it('says the search found nothing, and closes with OK; window.alert is not used', async () => {
    window.history.replaceState(null, '', '/confirmSearchForm?surveyId=enq');
    render(<App />);
    // The resident's own name is offered filled in (features/lookup/prefill.ts): emptied here.
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '' } });
    fireEvent.click(await screen.findByTestId('lookup-search'));
    const required = await screen.findByRole('dialog');
    expect(required.textContent).toContain(ja.lookup.requiredMissing);
    fireEvent.click(screen.getByRole('button', { name: ja.common.ok }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.change(await screen.findByLabelText(/^お名前/), { target: { value: '山田' } });
    fireEvent.click(screen.getByTestId('lookup-search'));
    expect((await screen.findByRole('dialog')).textContent).toContain(ja.errors.searchNoData);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('shows texts one after another', async () => {
    window.history.replaceState(null, '', '/confirmSearchForm?surveyId=enq');
    render(<App />);
    await screen.findByTestId('lookup-search');
    showAlert('一つ目');
    showAlert('二つ目');
    expect((await screen.findByRole('dialog')).textContent).toContain('一つ目');
    fireEvent.click(screen.getByRole('button', { name: ja.common.ok }));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('二つ目'));
  });
});

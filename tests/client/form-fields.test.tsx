/**
 * The form editor's common fields (src/features/admin/forms/common-fields.tsx): each shows the
 * server's problem at its own path (a nested one at its parent field) and nowhere else, writes the
 * config's real shapes (a flag as { value: true }, usePayment as 1 / 0), and an emptied optional
 * text removes the setting while an emptied title stays for the server to refuse.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommonFields } from '../../src/features/admin/forms/common-fields';
import { jaConsole } from '../../src/messages/ja-console';

afterEach(cleanup);
// Mantine's autosize Textarea listens to document.fonts, which jsdom has not.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() } });
const f = jaConsole.forms.fields;
const draft = { surveyId: 's', surveyTitle: '題名', description: '説明', surveySchema: [], calendarSetting: { updateOrCancelSettings: 'updateOnly' } };

describe('CommonFields', () => {
  it('shows each problem at its field only', () => {
    const problems = [
      { path: 'surveyTitle', message: 'タイトルの誤り' },
      { path: 'calendarSetting.updateOrCancelSettings', message: '選択の誤り' },
    ];
    render(
      <MantineProvider>
        <CommonFields draft={draft} problems={problems} onChange={() => undefined} />
      </MantineProvider>,
    );
    expect(screen.getByLabelText(f.surveyTitle).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('タイトルの誤り')).toBeTruthy();
    expect(screen.getByText('calendarSetting.updateOrCancelSettings: 選択の誤り')).toBeTruthy();
    expect(screen.getByLabelText(f.description).getAttribute('aria-invalid')).not.toBe('true');
    expect((screen.getByLabelText(f.updateOrCancelSettings) as HTMLSelectElement).value).toBe('updateOnly');
  });

  it('writes flags, payment and texts in the config’s own shapes', () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <CommonFields draft={draft} problems={[]} onChange={onChange} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByLabelText(f.isAppending));
    expect(onChange).toHaveBeenLastCalledWith('isAppending', { value: true });
    fireEvent.click(screen.getByLabelText(f.usePayment));
    expect(onChange).toHaveBeenLastCalledWith('usePayment', 1);
    fireEvent.change(screen.getByLabelText(f.description), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('description', undefined);
    fireEvent.change(screen.getByLabelText(f.surveyTitle), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('surveyTitle', '');
    fireEvent.change(screen.getByLabelText(f.updateOrCancelSettings), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('calendarSetting', undefined);
  });
});

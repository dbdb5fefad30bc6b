/** The member number item: the existence check on blur (spec 02 §5), and an automatic number shown, not asked. */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SurveyForm } from '../../src/form/survey-form';
import { MemberNumberCheckContext, type MemberNumberCheck } from '../../src/items/member-number-check';
import { ja } from '../../src/messages/ja';
import { TODAY, itemEl, makeConfig } from './form-harness';

afterEach(() => cleanup());

const errorOf = (key: string) => itemEl(key)?.querySelector('[id$="-error"]')?.textContent ?? null;

const renderWith = (schema: unknown[], check: MemberNumberCheck | null) =>
  render(
    <MantineProvider withCssVariables={false} withGlobalClasses={false}>
      <MemberNumberCheckContext.Provider value={check}>
        <SurveyForm config={makeConfig(schema)} send={vi.fn()} onSent={vi.fn()} today={TODAY} desktop={false} />
      </MemberNumberCheckContext.Provider>
    </MantineProvider>,
  );

describe('member number', () => {
  const typed = [{ itemKey: 'no', type: 'memberNumber', title: '会員番号' }];

  it('checks a typed number on blur and says when it is taken', async () => {
    const check = vi.fn(async (saiban: string) => saiban === '1234567');
    renderWith(typed, check);
    const input = screen.getByLabelText(/^会員番号/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '１２３４５６７' } });
    fireEvent.blur(input);
    expect(input.value).toBe('1234567');
    await waitFor(() => expect(errorOf('no')).toBe(ja.validation.memberNumberTaken));
    expect(check).toHaveBeenCalledWith('1234567');
    // A free number: no message.
    fireEvent.change(input, { target: { value: '7654321' } });
    fireEvent.blur(input);
    await waitFor(() => expect(check).toHaveBeenCalledWith('7654321'));
    expect(errorOf('no')).toBeNull();
  });

  it('does not ask the server about a number of the wrong shape', async () => {
    const check = vi.fn(async () => true);
    renderWith(typed, check);
    const input = screen.getByLabelText(/^会員番号/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12-34' } });
    fireEvent.blur(input);
    await waitFor(() => expect(errorOf('no')).toBe(ja.validation.memberNumberFormat));
    expect(check).not.toHaveBeenCalled();
  });

  it('says an automatic number is given on registration, with no empty box', () => {
    renderWith([{ itemKey: 'no', type: 'memberNumber', title: '会員番号', isAutomaticNumbering: true, isRequired: { value: true } }], null);
    expect(screen.getByTestId('auto-number-note').textContent).toBe(ja.items.autoNumberPending);
    expect(itemEl('no')?.textContent).toContain('会員番号');
    expect(itemEl('no')?.querySelector('input')).toBeNull();
  });

  it('shows a given automatic number grouped for reading, read-only', () => {
    const config = makeConfig([{ itemKey: 'no', type: 'memberNumber', title: '会員番号', isAutomaticNumbering: true }]);
    render(
      <MantineProvider withCssVariables={false} withGlobalClasses={false}>
        <SurveyForm config={config} initialValues={{ no: '00010000042' }} send={vi.fn()} onSent={vi.fn()} today={TODAY} desktop={false} />
      </MantineProvider>,
    );
    const input = screen.getByLabelText(/^会員番号/) as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('0001-0000042');
    expect(screen.queryByTestId('auto-number-note')).toBeNull();
  });

  it('displays a stored number grouped, the stored value untouched', async () => {
    const { ui } = await import('../../src/items/member-number');
    expect(ui.display?.('00010000042')).toBe('0001-0000042');
    expect(ui.display?.('1234567')).toBe('1234567');
  });
});

/** The confirmation dialog's keyboard and screen-reader manners (issue 21). */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../src/app/theme';
import { ja } from '../../src/messages/ja';
import { makeConfig, renderForm } from './form-harness';

afterEach(cleanup);

const openDialog = async () => {
  renderForm(makeConfig([{ itemKey: 'name', type: 'text', title: '氏名', isRequired: { value: true } }]), { theme });
  fireEvent.change(screen.getByLabelText(/^氏名/), { target: { value: '山田' } });
  fireEvent.click(screen.getByTestId('submit-button'));
  return screen.findByRole('dialog');
};

describe('the confirmation dialog', () => {
  it('names its × apart from the 閉じる button at its foot', async () => {
    const dialog = await openDialog();
    expect(within(dialog).getByRole('button', { name: ja.common.closeDialog })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: ja.form.close }).textContent).toBe(ja.form.close);
  });

  it('gives focus back to the submit button after Escape', async () => {
    const dialog = await openDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('submit-button')));
  });

  it('gives focus back to the submit button after the × is used', async () => {
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: ja.common.closeDialog }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('submit-button')));
  });
});

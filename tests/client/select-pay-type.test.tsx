/** The pay type item with a single type (spec 02 §5): chosen at once, greyed out in admin mode only. */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jaScreens } from '../../src/messages/ja-screens';
import { makeConfig, renderForm } from './form-harness';

afterEach(cleanup);

const schema = [{ itemKey: 'shiharai', type: 'selectPayType', title: 'お支払い方法', payTypeOptions: [0], isRequired: { value: true } }];
const radio = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('a pay type with one choice', () => {
  it('is chosen for the resident and left enabled, so it reads as chosen rather than unavailable', async () => {
    renderForm(makeConfig(schema));
    await waitFor(() => expect(radio(jaScreens.payment.payTypeCashless).checked).toBe(true));
    expect(radio(jaScreens.payment.payTypeCashless).disabled).toBe(false);
  });

  it('is cash, chosen and disabled in admin mode', async () => {
    renderForm(makeConfig(schema), { mode: 'admin' });
    await waitFor(() => expect(radio(jaScreens.payment.payTypeCash).checked).toBe(true));
    expect(radio(jaScreens.payment.payTypeCash).disabled).toBe(true);
  });
});

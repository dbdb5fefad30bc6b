/**
 * Changing a stored answer that has an order (spec 02 §4: the order is editable only on a new
 * answer): the products and pay type come fixed, the button reads 予約する, and the change goes
 * through putItem with the products row as stored and no order — never the temporary save and the
 * card provider, paid by card or by cash, booking fee or not.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { todayInTokyo } from '@core/ja/date-input';
import { App } from '../../src/app/app';
import { ja } from '../../src/messages/ja';
import { jaScreens } from '../../src/messages/ja-screens';
import { bodyOf, bookingForm, freshResidentEachTest, ok, serveBookingForm } from './booking-fixture';

const PK = 'fee#U1#1700000000000';
const STORED_AT = '2026-01-10T09:00:00.000Z';
const LINES = JSON.stringify([{ productId: 'p1', productName: '接種料', productCategoryId: 'c1', productCategoryName: '接種', count: 2 }]);
// Well before the cancel deadline, so the answer can be changed.
const DAY = todayInTokyo().add({ days: 10 });
const SLOT = `naika-ippan-shoshin_i1|${DAY.toString()}|1`;

const row = (itemKey: string, value: string) => ({
  surveyId: 'fee',
  userId: 'U1',
  partitionKey: PK,
  sortKey: itemKey,
  itemKey,
  value,
  title: itemKey,
  type: 'liff',
  check: '未対応',
  userSearchKey: null,
  isLiffMode: true,
  registrantName: 'LINEユーザー',
  userName: null,
  clinicAttributes: null,
  answerCode: '000001',
  isAppending: true,
  status: null,
  createdAt: STORED_AT,
  updatedAt: STORED_AT,
});

const serveStored = (payType: '0' | '1') =>
  serveBookingForm(bookingForm(true), (path, url) =>
    path === '/survey-results/getBySurveyIdPartitionKeyIndex' && url.searchParams.get('partitionKey') === PK
      ? ok([row('yoyaku', SLOT), row('shohin', LINES), row('shiharai', payType), row('shimei', '山田')])
      : undefined,
  );

freshResidentEachTest();

describe('changing an answer that has an order', () => {
  for (const [payType, how] of [
    ['0', 'paid by card'],
    ['1', 'paid in cash'],
  ] as const) {
    it(`${how}: 予約する, putItem with the products row as stored and no order; no card payment`, async () => {
      const fetch = serveStored(payType);
      const submitted = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
      window.history.replaceState(null, '', `/survey/fee?partitionKey=${encodeURIComponent(PK)}`);
      render(<App />);
      const name = (await screen.findByLabelText(/^氏名/)) as HTMLInputElement;
      expect(name.value).toBe('山田');
      // The order is shown fixed: the stored line and the booking's fee, no way to change either.
      await waitFor(() => expect(screen.getAllByTestId('order-line').map((r) => r.textContent)).toEqual(['接種料22,000', `予約料${jaScreens.payment.bookingLine}1500`]));
      expect(screen.queryByTestId('order-add')).toBeNull();
      expect(screen.queryByTestId('order-line-edit')).toBeNull();
      await waitFor(() => expect(screen.getByTestId('submit-button').textContent).toBe(ja.payment.reserve));

      fireEvent.change(name, { target: { value: '山田 花子' } });
      fireEvent.click(screen.getByTestId('submit-button'));
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: ja.form.send }));
      await screen.findByTestId('survey-complete');

      const put = bodyOf(fetch, '/survey-results/putItem')!;
      expect(put['order']).toBeUndefined();
      const rows = put['data'] as { itemKey: string; value: string; partitionKey?: string }[];
      expect(rows.find((r) => r.itemKey === 'shohin')).toMatchObject({ value: LINES, partitionKey: PK });
      expect(rows.find((r) => r.itemKey === 'shiharai')).toMatchObject({ value: payType });
      expect(rows.find((r) => r.itemKey === 'shimei')).toMatchObject({ value: '山田 花子' });
      expect(fetch.mock.calls.some(([u]) => /temprary|payment-orders/.test(String(u)))).toBe(false);
      expect(submitted).not.toHaveBeenCalled();
    }, 30_000);
  }
});

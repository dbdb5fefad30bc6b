/** How the console writes an order's parts: its state (core/ja/payment-status.ts), pay method, yen, Asia/Tokyo times. */
import type { PAY_METHODS } from '@core/contract/payment-codes';
import { jaScreens } from '../../../messages/ja-screens';
import { jaConsole } from '../../../messages/ja-console';

type PayMethod = (typeof PAY_METHODS)[number];

const METHOD_LABELS: Record<PayMethod, string> = { ...jaScreens.receipt.payMethods, credit3d2: jaConsole.payments.credit3d2 };

export const payMethodLabel = (m: PayMethod | null | undefined): string => (m ? METHOD_LABELS[m] : '—');

export const yenText = (n: number): string => `${n.toLocaleString('ja-JP')}円`;

export const tokyoTime = (iso: string | null): string =>
  iso === null ? '—' : new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'short', timeStyle: 'short' });

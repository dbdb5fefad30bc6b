import { describe, expect, it } from 'vitest';
import { PAYMENT_CANCEL_DAYS, paymentCancelRefusal } from '../../core/rules/payment-cancel';

const DAY = 86_400;
const now = 1_800_000_000;

describe('payment cancel rule (spec 02 §4)', () => {
  it.each([
    ['a fresh card payment, credit authorised', { status: 3, selectedPayType: 0 as const, createdAt: now - DAY }, 'U1', null],
    ['completed', { status: 0, selectedPayType: 0 as const, createdAt: now - DAY }, 'U1', null],
    ['no status (a cash order kept with putItem)', { selectedPayType: 1 as const, createdAt: now - DAY }, 'U1', null],
    ['one second short of 30 days', { status: 0, selectedPayType: 0 as const, createdAt: now - PAYMENT_CANCEL_DAYS * DAY + 1 }, 'U1', null],
    ['30 days exactly', { status: 0, selectedPayType: 0 as const, createdAt: now - PAYMENT_CANCEL_DAYS * DAY }, 'U1', 'paymentTooOld'],
    ['old but cash', { status: 1, selectedPayType: 1 as const, createdAt: now - 400 * DAY }, 'U1', null],
    ['refunded', { status: 2, selectedPayType: 0 as const, createdAt: now - DAY }, 'U1', 'paymentCancelled'],
    ['credit cancelled, even in cash', { status: 4, selectedPayType: 1 as const, createdAt: now - DAY }, 'U1', 'paymentCancelled'],
    ['registered by the office', { status: 0, selectedPayType: 0 as const, createdAt: now - DAY }, 'Ikiosk-1', 'adminRegistered'],
  ])('%s', (_name, payment, userId, expected) => {
    expect(paymentCancelRefusal(payment, userId, now)).toBe(expected);
  });
});

/**
 * How the console and its exports show an answer's stored values (server/answers/answer-display.ts):
 * the products item as its lines and the pay type by its name, not as JSON or a number.
 */
import { describe, expect, it } from 'vitest';
import { displayValueOf } from '../../server/answers/answer-display';

const noPlaces = async () => null;

describe('answer display values', () => {
  it('shows a products item as name × count per line', () => {
    const value = JSON.stringify([
      { productId: 'p1', productName: '接種料', count: 1 },
      { productId: 'p2', productName: '証明書', productCategoryId: null, productCategoryName: null, count: 2 },
    ]);
    expect(displayValueOf({ type: 'selectProducts' }, [value], noPlaces)).toBe('接種料 × 1、証明書 × 2');
    // A value that is not a list of lines is shown as stored.
    expect(displayValueOf({ type: 'selectProducts' }, ['p1'], noPlaces)).toBe('p1');
  });

  it('shows a pay type by its name', () => {
    expect(displayValueOf({ type: 'selectPayType' }, ['0'], noPlaces)).toBe('キャッシュレス決済');
    expect(displayValueOf({ type: 'selectPayType' }, ['1'], noPlaces)).toBe('現金');
    expect(displayValueOf({ type: 'selectPayType' }, ['9'], noPlaces)).toBe('9');
  });
});

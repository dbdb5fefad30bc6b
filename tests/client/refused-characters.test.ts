/**
 * A request refused for a character no store can keep (core/contract/input.ts): the item shows the
 * catalogue's text, and the errorMessage the server sends is that same text.
 */
import { describe, expect, it } from 'vitest';
import { UNUSABLE_CHARACTER_KEY, UNUSABLE_CHARACTER_TEXT } from '@core/contract/input';
import { serverItemErrors } from '../../src/form/submit';
import { ja } from '../../src/messages/ja';

describe('a refused character', () => {
  it('the server names the catalogue text the PWA shows', () => {
    expect(ja.validation[UNUSABLE_CHARACTER_KEY]).toBe(UNUSABLE_CHARACTER_TEXT);
  });

  it('shows on the item its row is, whether the path starts body.data or data', () => {
    const rows = [
      { surveyId: 's', itemKey: 'name', value: '山田' },
      { surveyId: 's', itemKey: 'memo', value: 'x\u0000' },
      { surveyId: 's', itemKey: 'addr', value: '\ud800' },
    ];
    const errors = serverItemErrors(
      [
        { path: 'body.data.1.value', message: UNUSABLE_CHARACTER_KEY },
        { path: 'data.2.value', message: UNUSABLE_CHARACTER_KEY },
        { path: 'body.configVersion', message: 'Invalid input' },
      ],
      rows,
      new Set(['name', 'memo', 'addr']),
    );
    expect([...errors]).toEqual([
      ['memo', '入力できない文字が含まれています。'],
      ['addr', '入力できない文字が含まれています。'],
    ]);
  });
});

/** Issue 54: the error summary counts the items in error and leads to the first; its title stays in view. */
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { itemEl, makeConfig, renderForm } from './form-harness';

afterEach(cleanup);

const config = () =>
  makeConfig([
    { itemKey: 'memo', type: 'textarea', title: 'ご要望' },
    { itemKey: 'name', type: 'text', title: '氏名', isRequired: { value: true } },
    { itemKey: 'tel', type: 'phone', title: '電話番号', isRequired: { value: true } },
    { itemKey: 'shokugyo', type: 'dropdown', title: 'ご職業', isRequired: { value: true }, options: ['会社員', '自営業'] },
  ]);

describe('the error summary next to the submit button', () => {
  it('says how many items need attention, and its link focuses the first item in error', async () => {
    const scrolled: { id: string; opts: unknown }[] = [];
    // jsdom has no scrollIntoView: the page's call is recorded here.
    const had = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = function (this: Element, opts?: boolean | ScrollIntoViewOptions) {
      scrolled.push({ id: this.id, opts });
    };
    onTestFinished(() => {
      if (had) Object.defineProperty(Element.prototype, 'scrollIntoView', had);
      else delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    });
    renderForm(config());
    fireEvent.click(screen.getByTestId('submit-button'));
    expect(screen.getByTestId('form-notice-text').textContent).toBe('3件の項目を確認してください');
    const link = screen.getByTestId('form-notice-first');
    expect(link.textContent).toBe('最初の項目へ移動');
    // The submit itself brought the first item to the top of the screen (its title in view).
    await waitFor(() => expect(scrolled).toEqual([{ id: 'item-name', opts: { block: 'start', behavior: 'smooth' } }]));

    // The first is answered: the link now leads to the next item still in error.
    fireEvent.change(screen.getByLabelText(/^氏名/), { target: { value: '山田' } });
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.click(link);
    await waitFor(() => expect(document.activeElement?.id).toBe('f-tel'));
    expect(scrolled.at(-1)).toEqual({ id: 'item-tel', opts: { block: 'start', behavior: 'smooth' } });
    expect(itemEl('tel')?.textContent).toContain('必須です');
  });

  it('keeps the spec text alone when the form yields nothing to send', () => {
    renderForm(makeConfig([{ itemKey: 'memo', type: 'textarea', title: 'ご要望' }]));
    fireEvent.click(screen.getByTestId('submit-button'));
    expect(screen.getByTestId('form-notice').textContent).toBe('入力内容を確認してください');
    expect(screen.queryByTestId('form-notice-first')).toBeNull();
  });

  it('gives an item a margin above its title when it is scrolled to', () => {
    const css = fs.readFileSync(path.resolve('src/form/form.css'), 'utf8');
    const rule = /\.survey-form \.form-item \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/scroll-margin-top:\s*var\(--mantine-spacing-md\)/);
  });
});

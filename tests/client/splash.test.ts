/** index.html's splash: painted before any script, in the catalogue's words, replaced by the app. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ja } from '../../src/messages/ja';

const INDEX = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');

describe('the splash in index.html', () => {
  it('says the product name and the spec loading text, with a progress indication, inside #root', () => {
    const doc = new DOMParser().parseFromString(INDEX, 'text/html');
    const splash = doc.querySelector('#root > [data-testid="splash"]');
    expect(splash).not.toBeNull();
    expect(splash?.textContent).toContain(ja.app.title);
    expect(splash?.querySelector('[role="status"]')?.textContent).toBe(ja.common.loading);
    expect(splash?.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBeTruthy();
    // Styled from the page itself: no stylesheet or script is waited for.
    expect(doc.querySelector('head style')?.textContent).toContain('.splash');
  });
});

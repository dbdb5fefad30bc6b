import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkifiedText, linkifySegments, safeHref } from '../../src/form/linkify';
import { itemEl, makeConfig, renderForm } from './form-harness';

afterEach(cleanup);

const HOSTILE = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  ' javascript:alert(1)',
  'file:///etc/passwd',
  'ftp://example.com/x',
  '//evil.example/x',
  'https:alert(1)',
  'http://',
  'mailto:javascript:alert(1)',
  'tel:javascript:alert(1)',
];

const SAFE: [string, string][] = [
  ['https://www.city.sakura.example.jp/seido/', 'https://www.city.sakura.example.jp/seido/'],
  ['http://example.com/a?b=1&c=2#x', 'http://example.com/a?b=1&c=2#x'],
  ['HTTPS://EXAMPLE.COM/Path', 'https://example.com/Path'],
  ['mailto:info@city.example.jp', 'mailto:info@city.example.jp'],
  ['tel:0312345678', 'tel:0312345678'],
  ['tel:+81-3-1234-5678', 'tel:+81-3-1234-5678'],
];

describe('links in descriptions', () => {
  it.each(HOSTILE)('leaves %j as plain text', (payload) => {
    const segments = linkifySegments(`詳しくは ${payload} をご覧ください`);
    expect(segments.filter((s) => s.kind === 'link').map((s) => s.text)).toEqual([]);
    expect(segments.map((s) => s.text).join('')).toBe(`詳しくは ${payload} をご覧ください`);
    const { container } = render(
      <MantineProvider withCssVariables={false} withGlobalClasses={false}>
        <p>
          <LinkifiedText text={payload} />
        </p>
      </MantineProvider>,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe(payload);
  });

  it.each(SAFE)('links %j', (url, href) => {
    expect(safeHref(url)).toBe(href);
    render(
      <MantineProvider withCssVariables={false} withGlobalClasses={false}>
        <p>
          <LinkifiedText text={`お問い合わせ: ${url}。`} />
        </p>
      </MantineProvider>,
    );
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe(href);
    expect(link.textContent).toBe(url);
  });

  it('opens web links in a new tab without a reference back, and keeps the surrounding text', () => {
    const text = '申請は https://example.jp/apply （受付時間内）、電話 tel:0312345678 まで。';
    expect(linkifySegments(text)).toEqual([
      { kind: 'text', text: '申請は ' },
      { kind: 'link', text: 'https://example.jp/apply', href: 'https://example.jp/apply' },
      { kind: 'text', text: ' （受付時間内）、電話 ' },
      { kind: 'link', text: 'tel:0312345678', href: 'tel:0312345678' },
      { kind: 'text', text: ' まで。' },
    ]);
    render(
      <MantineProvider withCssVariables={false} withGlobalClasses={false}>
        <LinkifiedText text={text} />
      </MantineProvider>,
    );
    const [web, tel] = screen.getAllByRole('link');
    expect(web!.getAttribute('target')).toBe('_blank');
    expect(web!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(tel!.getAttribute('target')).toBeNull();
  });

  it('renders item descriptions and paragraphs through the same rule', () => {
    renderForm(
      makeConfig([
        { itemKey: 'p', type: 'paragraph', title: 'ご案内', description: '詳細: https://example.jp/info\n悪意: javascript:alert(1)' },
        { itemKey: 't', type: 'text', title: '氏名', description: 'data:text/html,<b>x</b> と mailto:a@example.jp' },
        { itemKey: 'l', type: 'linkButton', title: '開く', attributes: { url: 'https://example.jp/' } },
      ]),
    );
    const paragraphLinks = itemEl('p')!.querySelectorAll('a');
    expect([...paragraphLinks].map((a) => a.getAttribute('href'))).toEqual(['https://example.jp/info']);
    expect(itemEl('p')!.textContent).toContain('javascript:alert(1)');
    expect([...itemEl('t')!.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['mailto:a@example.jp']);
    expect(itemEl('t')!.querySelector('b')).toBeNull();
    const button = screen.getByRole('link', { name: '開く' });
    expect(button.getAttribute('href')).toBe('https://example.jp/');
    expect(button.getAttribute('target')).toBe('_blank');
  });

  it('gives a link button with a non-web URL no href', () => {
    // Bypasses the config schema on purpose: the component must hold even for a bad stored config.
    const config = makeConfig([{ itemKey: 'l', type: 'linkButton', title: '開く' }]);
    (config.surveySchema[0] as { attributes?: unknown }).attributes = { url: 'javascript:alert(1)' };
    renderForm(config);
    expect(document.querySelector('a')).toBeNull();
    expect((screen.getByRole('button', { name: '開く' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

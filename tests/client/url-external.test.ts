import { describe, expect, it } from 'vitest';
import { externalTarget } from '../../src/app/routes/url-external';

describe('/url-external target', () => {
  it('follows only http and https addresses', () => {
    expect(externalTarget('https://www.city.example.lg.jp/kurashi/')).toBe('https://www.city.example.lg.jp/kurashi/');
    expect(externalTarget('http://example.jp')).toBe('http://example.jp/');
    for (const hostile of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '//evil.example', '/relative', '', undefined]) {
      expect(externalTarget(hostile)).toBeNull();
    }
  });
});

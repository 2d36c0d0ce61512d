import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('removes script and style elements with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>a</p>');
  });

  it('removes event-handler attributes such as onerror and onclick', () => {
    expect(sanitizeHtml('<img src="https://x.test/a.png" onerror="alert(1)"><p onclick="x()">b</p>')).toBe(
      '<img src="https://x.test/a.png" /><p>b</p>',
    );
  });

  it('drops javascript: and data: URLs', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a><img src="data:image/png;base64,AAA">')).toBe(
      '<a target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('removes iframes, forms and inline styles', () => {
    expect(
      sanitizeHtml('<iframe src="https://x.test"></iframe><form><input></form><p style="color:red">c</p>'),
    ).toBe('<p>c</p>');
  });

  it('keeps headings, lists, tables and safe links, which open in a new tab without an opener', () => {
    const html =
      '<h2>T</h2><ol><li>one</li></ol><table><tr><td>1</td></tr></table><a href="https://line.me">L</a>';
    expect(sanitizeHtml(html)).toBe(
      '<h2>T</h2><ol><li>one</li></ol><table><tr><td>1</td></tr></table><a href="https://line.me" target="_blank" rel="noopener noreferrer">L</a>',
    );
  });
});

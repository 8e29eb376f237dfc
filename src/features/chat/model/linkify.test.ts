import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify.ts';

describe('linkify', () => {
  it('keeps plain text as text', () => {
    expect(linkify('hello <b>there</b>')).toEqual([{ kind: 'text', text: 'hello <b>there</b>' }]);
  });

  it('detects http, https and www links and leaves sentence punctuation out', () => {
    expect(linkify('see https://example.com/a?b=1, and www.example.org.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', and ' },
      { kind: 'link', text: 'www.example.org', href: 'https://www.example.org/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never makes a link of other schemes', () => {
    expect(linkify('javascript:alert(1) data:text/html,x')).toEqual([{ kind: 'text', text: 'javascript:alert(1) data:text/html,x' }]);
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('ftp://x')).toBeNull();
  });
});

import { describe, expect, it } from '@jest/globals';
import { DEFAULT_RETURN_PATH, safeReturnPath } from './return-path.js';

describe('safeReturnPath', () => {
  it('keeps a path on this site, query included', () => {
    expect(safeReturnPath('/oauth/authorize?client_id=a&state=b')).toBe('/oauth/authorize?client_id=a&state=b');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a scheme-relative URL', '//evil.example/'],
    ['a backslash that browsers read as a slash', '/\\evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a tab inside the path', '/\t/evil.example'],
    ['a relative path', 'oauth/authorize'],
    ['an empty value', ''],
    ['a repeated parameter', ['/a', '/b']],
  ])('replaces %s with the default', (_name, value) => {
    expect(safeReturnPath(value)).toBe(DEFAULT_RETURN_PATH);
  });
});

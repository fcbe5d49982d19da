import { describe, expect, it } from '@jest/globals';
import { redirectUriMatches, redirectUriProblem } from './redirect-uri.js';

describe('redirectUriProblem', () => {
  it.each(['https://client.example/callback', 'http://127.0.0.1/callback', 'http://localhost:8080/cb', 'http://[::1]:9000/cb'])('accepts %s', (uri) => {
    expect(redirectUriProblem(uri)).toBeNull();
  });
  it.each([
    ['http://client.example/callback', /https/],
    ['https://client.example/cb#frag', /fragment/],
    ['/relative', /absolute/],
    ['javascript:alert(1)', /https/],
    ['https://user:pw@client.example/cb', /credentials/],
  ])('refuses %s', (uri, reason) => {
    expect(redirectUriProblem(uri)).toMatch(reason);
  });
});

describe('redirectUriMatches', () => {
  it('matches exactly', () => expect(redirectUriMatches('https://c.example/cb', 'https://c.example/cb')).toBe(true));
  it('does not match a different path or query', () => {
    expect(redirectUriMatches('https://c.example/cb', 'https://c.example/cb2')).toBe(false);
    expect(redirectUriMatches('https://c.example/cb', 'https://c.example/cb?x=1')).toBe(false);
  });
  it('does not ignore the port of a non-loopback URI', () => expect(redirectUriMatches('https://c.example/cb', 'https://c.example:8443/cb')).toBe(false));
  it('matches a loopback URI on any port', () => expect(redirectUriMatches('http://127.0.0.1/cb', 'http://127.0.0.1:53122/cb')).toBe(true));
  it('does not let a loopback host change', () => expect(redirectUriMatches('http://127.0.0.1/cb', 'http://localhost:53122/cb')).toBe(false));
});

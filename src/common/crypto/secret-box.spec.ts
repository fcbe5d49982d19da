import { describe, expect, it } from '@jest/globals';
import { loadConfiguration } from '../../config/app-config.js';
import { generateEncryptionKeyEntry, SecretBox } from './secret-box.js';

const box = (keys: string) => new SecretBox(loadConfiguration({ ENCRYPTION_KEYS: keys }));

describe('SecretBox', () => {
  const first = generateEncryptionKeyEntry('k1');
  const second = generateEncryptionKeyEntry('k2');

  it('opens what it sealed', () => {
    const sealed = box(first).seal('private key material');
    expect(sealed).toMatch(/^v1\.k1\./);
    expect(sealed).not.toContain('private key material');
    expect(box(first).open(sealed)).toBe('private key material');
  });

  it('seals with the first key and still opens values sealed with an older one', () => {
    const old = box(first).seal('old secret');
    const rotated = box(`${second},${first}`);
    expect(rotated.seal('new').startsWith('v1.k2.')).toBe(true);
    expect(rotated.open(old)).toBe('old secret');
  });

  it('refuses a value whose key is gone', () => {
    expect(() => box(second).open(box(first).seal('x'))).toThrow(/key "k1"/);
  });

  it('refuses a tampered value', () => {
    const sealed = box(first).seal('amount=100');
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[4], 'base64url');
    ciphertext[0] ^= 1;
    parts[4] = ciphertext.toString('base64url');
    expect(() => box(first).open(parts.join('.'))).toThrow();
  });
});

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';

const FORMAT = 'v1';

/**
 * AES-256-GCM for secrets at rest (signing keys, provider API keys). Each sealed value names the
 * key that sealed it, so keys can be rotated: seal with the first key of ENCRYPTION_KEYS, open with
 * whichever key the value names.
 */
@Injectable()
export class SecretBox {
  private readonly keys: Map<string, Buffer>;
  private readonly activeKeyId: string;

  constructor(config: AppConfig) {
    if (!config.encryptionKeys) throw new Error('ENCRYPTION_KEYS is not set (main.ts supplies a development key when it is unset).');
    const entries = parseEncryptionKeys(config.encryptionKeys);
    this.keys = new Map(entries);
    this.activeKeyId = entries[0][0];
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.activeKeyId)!, iv);
    cipher.setAAD(Buffer.from(this.activeKeyId));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT, this.activeKeyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [format, keyId, iv, tag, ciphertext] = sealed.split('.');
    if (format !== FORMAT || !keyId || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed value');
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`sealed with key "${keyId}", which ENCRYPTION_KEYS no longer holds`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(keyId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export function parseEncryptionKeys(value: string): [string, Buffer][] {
  return value.split(',').map((entry) => {
    const [id, key] = entry.split(':');
    const bytes = Buffer.from(key, 'base64');
    if (bytes.length !== 32) throw new Error(`ENCRYPTION_KEYS entry "${id}" is not 32 bytes`);
    return [id, bytes];
  });
}

export function generateEncryptionKeyEntry(id = 'k1'): string {
  return `${id}:${randomBytes(32).toString('base64')}`;
}

/**
 * Outside production, `npm start` with nothing configured still needs an encryption key: one is
 * generated once and kept beside the embedded database, so restarts can open what they sealed.
 */
export async function developmentEncryptionKeys(file = './.data/encryption-keys'): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const entry = generateEncryptionKeyEntry('dev');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${entry}\n`, { mode: 0o600 });
  return entry;
}

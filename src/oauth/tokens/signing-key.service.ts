import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PeriodicTasks } from '../../jobs/periodic-tasks.js';
import { importPKCS8, type CryptoKey } from 'jose';
import { DataSource } from 'typeorm';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { SIGNING_ALGORITHM, SigningKeyRepository } from './signing-key.repository.js';

const RELOAD_INTERVAL_MS = 60_000;
const UNKNOWN_KID_RELOAD_MIN_INTERVAL_MS = 10_000;

interface LoadedKey {
  kid: string;
  /** SPKI PEM, what passport-jwt's verifier takes. */
  publicKeyPem: string;
  jwk: Record<string, unknown>;
}

/**
 * The service's signing keys, held in memory: the newest un-retired key signs, every published key
 * verifies. The set is reloaded every minute, and when a token names a kid we do not hold (at most
 * every 10 s), so a rotation by another replica or the command line is picked up.
 */
@Injectable()
export class SigningKeyService implements OnModuleInit {
  private readonly repository: SigningKeyRepository;
  private keys = new Map<string, LoadedKey>();
  private signer?: { kid: string; privateKey: CryptoKey };
  private jwksJson = '{"keys":[]}';
  private lastReload = 0;

  constructor(
    dataSource: DataSource,
    private readonly secrets: SecretBox,
    private readonly periodicTasks: PeriodicTasks,
  ) {
    this.repository = new SigningKeyRepository(dataSource, secrets);
  }

  async onModuleInit(): Promise<void> {
    await this.repository.ensureSigningKey();
    await this.reload();
    this.periodicTasks.every({ name: 'reload signing keys', intervalMs: RELOAD_INTERVAL_MS }, () => this.reload());
  }

  /** The JWKS document, serialised once per reload. */
  get jwks(): string {
    return this.jwksJson;
  }

  signingKey(): { kid: string; privateKey: CryptoKey; algorithm: string } {
    if (!this.signer) throw new Error('no signing key loaded');
    return { ...this.signer, algorithm: SIGNING_ALGORITHM };
  }

  /** The public key (PEM) for a token's kid, reloading once if it is new to this replica. */
  async verificationKey(kid: string): Promise<string | undefined> {
    const known = this.keys.get(kid);
    if (known) return known.publicKeyPem;
    if (Date.now() - this.lastReload < UNKNOWN_KID_RELOAD_MIN_INTERVAL_MS) return undefined;
    await this.reload();
    return this.keys.get(kid)?.publicKeyPem;
  }

  async rotate(now = new Date()): Promise<{ retired: string[]; created: string }> {
    const result = await this.repository.rotate(now);
    await this.reload();
    return result;
  }

  async reload(): Promise<void> {
    this.lastReload = Date.now();
    const published = await this.repository.published();
    const keys = new Map<string, LoadedKey>();
    for (const key of published) {
      const publicKeyPem = createPublicKey({ key: key.publicJwk as JsonWebKey, format: 'jwk' })
        .export({ type: 'spki', format: 'pem' })
        .toString();
      keys.set(key.kid, { kid: key.kid, jwk: key.publicJwk, publicKeyPem });
    }
    const current = published.find((key) => key.retiredAt === null);
    if (current && current.kid !== this.signer?.kid) {
      let pem: string;
      try {
        pem = this.secrets.open(current.privateKeySealed);
      } catch (error) {
        throw new Error(
          `The signing key ${current.kid} cannot be decrypted with ENCRYPTION_KEYS (${(error as Error).message}). ` +
            'Restore the key that sealed it, or run `npm run keys:rotate` with the new ENCRYPTION_KEYS to start a new signing key.',
          { cause: error },
        );
      }
      this.signer = { kid: current.kid, privateKey: await importPKCS8(pem, SIGNING_ALGORITHM) };
    }
    this.keys = keys;
    this.jwksJson = JSON.stringify({ keys: [...keys.values()].map((key) => key.jwk) });
  }
}

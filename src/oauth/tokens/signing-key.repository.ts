import { randomBytes } from 'node:crypto';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import type { DataSource, EntityManager } from 'typeorm';
import type { SecretBox } from '../../common/crypto/secret-box.js';
import { SigningKey } from '../entities/signing-key.entity.js';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../token-lifetimes.js';

export const SIGNING_ALGORITHM = 'RS256';
// Any constant works; it only has to be the same for every replica and the rotation command.
const SIGNING_KEY_LOCK = 7_240_502;
/** A retired key stays published for the longest token it signed, plus clock skew. */
export const RETIRED_KEY_PUBLICATION_SECONDS = ACCESS_TOKEN_LIFETIME_SECONDS + 300;

/**
 * Key creation and rotation, shared by the running service and the rotation command. Both run
 * under a transaction-scoped advisory lock, so replicas starting together create one key, and a
 * rotation never races a start-up.
 */
export class SigningKeyRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly secrets: SecretBox,
  ) {}

  async ensureSigningKey(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [SIGNING_KEY_LOCK]);
      const active = await manager.createQueryBuilder(SigningKey, 'key').where('key.retired_at IS NULL').getCount();
      if (active === 0) await this.create(manager);
    });
  }

  /** Retires the signing key (kept published until its tokens expire) and creates its successor. */
  async rotate(now = new Date()): Promise<{ retired: string[]; created: string }> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [SIGNING_KEY_LOCK]);
      const active = await manager.createQueryBuilder(SigningKey, 'key').where('key.retired_at IS NULL').getMany();
      const publishedUntil = new Date(now.getTime() + RETIRED_KEY_PUBLICATION_SECONDS * 1000);
      for (const key of active) await manager.update(SigningKey, { kid: key.kid }, { retiredAt: now, publishedUntil });
      const created = await this.create(manager);
      return { retired: active.map((key) => key.kid), created: created.kid };
    });
  }

  /** Keys that sign or still verify: un-retired, or retired but published until their tokens expire. */
  async published(now = new Date()): Promise<SigningKey[]> {
    return this.dataSource
      .getRepository(SigningKey)
      .createQueryBuilder('key')
      .where('key.retired_at IS NULL OR key.published_until > :now', { now })
      .orderBy('key.created_at', 'DESC')
      .getMany();
  }

  private async create(manager: EntityManager): Promise<SigningKey> {
    const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { modulusLength: 2048, extractable: true });
    const kid = randomBytes(12).toString('base64url');
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' };
    return manager.save(
      manager.create(SigningKey, {
        kid,
        algorithm: SIGNING_ALGORITHM,
        publicJwk,
        privateKeySealed: this.secrets.seal(await exportPKCS8(privateKey)),
        retiredAt: null,
        publishedUntil: null,
      }),
    );
  }
}

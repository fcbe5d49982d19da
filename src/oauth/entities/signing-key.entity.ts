import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * An access-token signing key. The newest un-retired key signs; every key stays in the JWKS until
 * `publishedUntil`, so tokens it signed keep verifying after a rotation.
 */
@Entity({ name: 'signing_keys' })
export class SigningKey {
  @PrimaryColumn({ type: 'text' })
  kid: string;

  @Column({ type: 'text' })
  algorithm: string;

  @Column({ name: 'public_jwk', type: 'jsonb' })
  publicJwk: Record<string, unknown>;

  /** PKCS#8 PEM sealed with AES-256-GCM under an ENCRYPTION_KEYS key (its id travels with it). */
  @Column({ name: 'private_key_sealed', type: 'text' })
  privateKeySealed: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Set by rotation: the key stops signing. */
  @Column({ name: 'retired_at', type: 'timestamptz', nullable: true })
  retiredAt: Date | null;

  /** Set by rotation: retirement plus the longest access-token lifetime. */
  @Column({ name: 'published_until', type: 'timestamptz', nullable: true })
  publishedUntil: Date | null;
}

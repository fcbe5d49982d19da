import { Column, JoinColumn, ManyToOne, type Relation, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { Account } from '../../accounts/account.entity.js';
import { OAuthClient } from './oauth-client.entity.js';

/** A single-use authorization code, bound to everything the token request must repeat. */
@Entity({ name: 'authorization_codes' })
export class AuthorizationCode {
  /** SHA-256 of the code: a database leak reveals no usable code. */
  @PrimaryColumn({ name: 'code_hash', type: 'text' })
  codeHash: string;

  @Column({ name: 'client_id', type: 'text' })
  clientId: string;

  @ManyToOne(() => OAuthClient, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id', referencedColumnName: 'clientId' })
  private readonly client?: Relation<OAuthClient>;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @ManyToOne(() => Account, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  private readonly account?: Relation<Account>;

  @Column({ name: 'redirect_uri', type: 'text' })
  redirectUri: string;

  @Column({ name: 'code_challenge', type: 'text' })
  codeChallenge: string;

  @Column({ type: 'text' })
  scope: string;

  @Column({ type: 'text', nullable: true })
  resource: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt: Date | null;

  /** The token family its redemption started; revoked if the code is presented again. */
  @Column({ name: 'token_family_id', type: 'uuid', nullable: true })
  tokenFamilyId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

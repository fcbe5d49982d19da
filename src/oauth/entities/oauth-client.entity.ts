import { Column, JoinColumn, ManyToOne, type Relation, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Account } from '../../accounts/account.entity.js';

export type TokenEndpointAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';
export type ClientKind = 'interactive' | 'machine';

/**
 * A registered OAuth client: an interactive (human-facing) client from dynamic registration, or a
 * machine client from self-serve registration, which owns its own account.
 */
@Entity({ name: 'oauth_clients' })
export class OAuthClient {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'client_id', type: 'text' })
  @Index({ unique: true })
  clientId: string;

  /** SHA-256 of the secret (the secret is 256 random bits, so a slow hash adds nothing). */
  @Column({ name: 'client_secret_hash', type: 'text', nullable: true })
  clientSecretHash: string | null;

  @Column({ type: 'text' })
  kind: ClientKind;

  @Column({ name: 'client_name', type: 'text', nullable: true })
  clientName: string | null;

  @Column({ name: 'redirect_uris', type: 'jsonb', default: () => "'[]'" })
  redirectUris: string[];

  @Column({ name: 'grant_types', type: 'jsonb' })
  grantTypes: string[];

  @Column({ name: 'response_types', type: 'jsonb' })
  responseTypes: string[];

  @Column({ name: 'token_endpoint_auth_method', type: 'text' })
  tokenEndpointAuthMethod: TokenEndpointAuthMethod;

  /** The machine client's own account; null for interactive clients, which act for a user. */
  @Column({ name: 'account_id', type: 'uuid', nullable: true })
  accountId: string | null;

  @ManyToOne(() => Account, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  private readonly account?: Relation<Account>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

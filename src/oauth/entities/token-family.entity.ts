import { Column, JoinColumn, ManyToOne, type Relation, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Account } from '../../accounts/account.entity.js';
import { OAuthClient } from './oauth-client.entity.js';

/**
 * Every token descended from one authorization code: its access tokens carry the family id, and
 * its refresh tokens rotate within it. Revoking the family kills all of them at once.
 */
@Entity({ name: 'token_families' })
export class TokenFamily {
  @PrimaryGeneratedColumn('uuid')
  id: string;

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

  @Column({ type: 'text' })
  scope: string;

  @Column({ type: 'text', nullable: true })
  resource: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_reason', type: 'text', nullable: true })
  revokedReason: string | null;
}

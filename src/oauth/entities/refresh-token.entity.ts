import { Column, JoinColumn, ManyToOne, type Relation, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { TokenFamily } from './token-family.entity.js';

/** One refresh token of a family; rotation marks it replaced, and a replaced one is never honoured. */
@Entity({ name: 'refresh_tokens' })
export class RefreshToken {
  @PrimaryColumn({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  @Column({ name: 'family_id', type: 'uuid' })
  @Index()
  familyId: string;

  @ManyToOne(() => TokenFamily, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'family_id' })
  private readonly tokenFamily?: Relation<TokenFamily>;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'replaced_at', type: 'timestamptz', nullable: true })
  replacedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

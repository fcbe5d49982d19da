import { Column, JoinColumn, ManyToOne, type Relation, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { User } from './user.entity.js';

/** A signed-in browser: the cookie holds a random id, the table only its SHA-256. */
@Entity({ name: 'web_sessions' })
export class WebSession {
  @PrimaryColumn({ name: 'id_hash', type: 'text' })
  idHash: string;

  @Column({ name: 'user_id', type: 'uuid' })
  @Index()
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  private readonly user?: Relation<User>;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}

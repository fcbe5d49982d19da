import { Column, JoinColumn, ManyToOne, type Relation, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Account } from './account.entity.js';

/** A person who signs in with email and password; owns exactly one human account. */
@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'account_id', type: 'uuid' })
  @Index({ unique: true })
  accountId: string;

  @ManyToOne(() => Account, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  private readonly account?: Relation<Account>;

  /** As the person typed it, for display. */
  @Column({ type: 'text' })
  email: string;

  /** Lower-cased and trimmed: emails are unique case-insensitively. */
  @Column({ name: 'email_normalized', type: 'text' })
  @Index({ unique: true })
  emailNormalized: string;

  /** argon2id, PHC string format (algorithm and parameters travel with the hash). */
  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_sign_in_at', type: 'timestamptz', nullable: true })
  lastSignInAt: Date | null;
}

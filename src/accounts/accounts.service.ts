import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, Repository, type EntityManager } from 'typeorm';
import { AppException } from '../common/errors/app.exception.js';
import { Account } from './account.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { User } from './user.entity.js';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/** A sign-up or sign-in problem that belongs next to one form field. */
export class FieldProblem extends AppException {
  constructor(
    readonly field: 'email' | 'password',
    message: string,
    status = 400,
  ) {
    super({ status, detail: message });
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface AccountSummary {
  accountId: string;
  kind: Account['kind'];
  displayName: string;
  email?: string;
  createdAt: Date;
}

@Injectable()
export class AccountsService {
  constructor(
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
    private readonly passwords: PasswordHasher,
  ) {}

  /** A person's account and its user, in one transaction; the email is unique in any case. */
  async createHumanAccount(email: string, password: string): Promise<User> {
    const trimmed = email.trim();
    if (!EMAIL.test(trimmed) || trimmed.length > 254) throw new FieldProblem('email', 'Enter a valid email address.');
    if (password.length < PASSWORD_MIN_LENGTH) throw new FieldProblem('password', `Use at least ${PASSWORD_MIN_LENGTH} characters.`);
    if (password.length > PASSWORD_MAX_LENGTH) throw new FieldProblem('password', `Use at most ${PASSWORD_MAX_LENGTH} characters.`);
    const passwordHash = await this.passwords.hash(password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const account = await manager.save(manager.create(Account, { kind: 'human', displayName: trimmed }));
        return manager.save(
          manager.create(User, { accountId: account.id, email: trimmed, emailNormalized: normalizeEmail(trimmed), passwordHash, lastSignInAt: new Date() }),
        );
      });
    } catch (error) {
      // The unique index decides between two concurrent sign-ups with one email.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505') {
        throw new FieldProblem('email', 'An account with this email already exists: sign in instead.', 409);
      }
      throw error;
    }
  }

  /** The user whose email and password these are, or null; as slow for an unknown email. */
  async verifyCredentials(email: string, password: string): Promise<User | null> {
    const user = await this.users.findOneBy({ emailNormalized: normalizeEmail(email) });
    const valid = await this.passwords.verify(user?.passwordHash, password);
    if (!user || !valid) return null;
    await this.users.update({ id: user.id }, { lastSignInAt: new Date() });
    return user;
  }

  /** Every machine registration owns a fresh account; pass the caller's transaction to share it. */
  async createMachineAccount(displayName: string, manager: EntityManager = this.accounts.manager): Promise<Account> {
    return manager.save(manager.create(Account, { kind: 'machine', displayName }));
  }

  async summary(accountId: string): Promise<AccountSummary | null> {
    const account = await this.accounts.findOneBy({ id: accountId });
    if (!account) return null;
    const user = account.kind === 'human' ? await this.users.findOneBy({ accountId }) : null;
    return { accountId: account.id, kind: account.kind, displayName: account.displayName, ...(user && { email: user.email }), createdAt: account.createdAt };
  }
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { Account } from './account.entity.js';
import { User } from './user.entity.js';

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
  ) {}

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

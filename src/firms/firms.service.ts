import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { randomToken, sha256 } from '../common/crypto/random-token.js';
import { ForbiddenException, InvalidInputException, ResourceNotFoundException } from '../common/errors/app.exception.js';
import type { FirmResult } from './dto/link-to-firm.dto.js';
import { AlreadyInAFirm, FirmsRepository, type Membership } from './firms.repository.js';

/** A token of an external identity provider names no account of this service to bill. */
export const noBillableAccount = () => new ForbiddenException('Metered tools need an account of this service: sign in here, or register a machine client.');

/**
 * Firms (`link_to_firm`): members share the people's free tier, one payment mandate and their
 * workspaces. Other modules ask this service (membership, firmOf) or, inside statements of their
 * own that must stay one round trip, join the views `account_memberships` and `shared_accounts`.
 */
@Injectable()
export class FirmsService {
  constructor(private readonly firms: FirmsRepository) {}

  /** The account's kind and firm. */
  async membership(accountId: string): Promise<Membership> {
    if (!isUUID(accountId)) throw noBillableAccount();
    const membership = await this.firms.membership(accountId);
    if (!membership) throw noBillableAccount();
    return membership;
  }

  /** The firm whose balances and mandate an account uses, or null. */
  firmOf(accountId: string): Promise<string | null> {
    return this.firms.firmOf(accountId);
  }

  /**
   * The firm's owner for this account: the creator of its firm while still a member (then the
   * account itself when it created the firm), or null outside a firm or once the creator left.
   */
  firmOwnerOf(accountId: string): Promise<string | null> {
    return this.firms.firmOwnerOf(accountId);
  }

  async create(accountId: string, firmName: string): Promise<FirmResult> {
    const inviteCode = `firm_${randomToken(16)}`;
    const firmId = await this.firms.createFirm(accountId, firmName.trim(), sha256(inviteCode)).catch((error: unknown) => {
      if (error instanceof AlreadyInAFirm)
        throw new InvalidInputException('This account already belongs to a firm: leave it first (link_to_firm with leave: true).');
      throw error;
    });
    return { ...(await this.firms.describe(firmId)), role: 'creator', inviteCode };
  }

  async join(accountId: string, inviteCode: string): Promise<FirmResult> {
    const firmId = await this.firms.firmByInviteCodeHash(sha256(inviteCode));
    if (!firmId) throw new ResourceNotFoundException('No firm has this invite code.');
    const current = await this.firms.firmOf(accountId);
    if (current && current !== firmId)
      throw new InvalidInputException('This account already belongs to another firm: leave it first (link_to_firm with leave: true).');
    await this.firms.addMember(accountId, firmId);
    if ((await this.firms.firmOf(accountId)) !== firmId) throw new InvalidInputException('This account joined another firm meanwhile.');
    return { ...(await this.firms.describe(firmId)), role: 'member' };
  }

  async leave(accountId: string): Promise<FirmResult> {
    const firmId = await this.firms.removeMember(accountId);
    if (!firmId) throw new InvalidInputException('This account belongs to no firm.');
    return { ...(await this.firms.describe(firmId)), role: 'left' };
  }
}

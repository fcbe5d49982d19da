import { Module } from '@nestjs/common';
import { FirmTools } from './firm.tools.js';
import { FirmsRepository } from './firms.repository.js';
import { FirmsService } from './firms.service.js';

/**
 * Firms and their membership; billing and workspaces ask FirmsService who shares with whom, or
 * join its published views (`account_memberships`, `shared_accounts`) in statements of their own.
 */
@Module({ providers: [FirmsService, FirmsRepository, FirmTools], exports: [FirmsService] })
export class FirmsModule {}

import { Module } from '@nestjs/common';
import { FirmTools } from './firm.tools.js';
import { FirmsService } from './firms.service.js';

/** Firms and their membership; billing and workspaces ask it who shares with whom. */
@Module({ providers: [FirmsService, FirmTools], exports: [FirmsService] })
export class FirmsModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TokensModule } from '../oauth/tokens/tokens.module.js';
import { Account } from './account.entity.js';
import { AccountController } from './account.controller.js';
import { AccountsService } from './accounts.service.js';
import { User } from './user.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([Account, User]), TokensModule],
  controllers: [AccountController],
  providers: [AccountsService],
  exports: [AccountsService],
})
export class AccountsModule {}

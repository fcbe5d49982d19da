import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TokensModule } from '../oauth/tokens/tokens.module.js';
import { Account } from './account.entity.js';
import { AccountController } from './account.controller.js';
import { AccountsService } from './accounts.service.js';
import { PasswordHasher } from './password-hasher.js';
import { SignInController } from './sign-in.controller.js';
import { User } from './user.entity.js';
import { WebSession } from './web-session.entity.js';
import { WebSessionService } from './web-session.service.js';

/**
 * Accounts (the owners of all data), the people who sign in, and their browser sessions. The
 * authorization server asks WebSessionService who is signed in; nothing else leaves the module.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Account, User, WebSession]), TokensModule],
  controllers: [AccountController, SignInController],
  providers: [AccountsService, PasswordHasher, WebSessionService],
  exports: [AccountsService, WebSessionService],
})
export class AccountsModule {}

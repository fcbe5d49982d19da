import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { AuthorizationController } from './authorization/authorization.controller.js';
import { AuthorizationService } from './authorization/authorization.service.js';
import { ClientRegistrationController } from './clients/client-registration.controller.js';
import { ClientRegistrationService } from './clients/client-registration.service.js';
import { AuthorizationCode } from './entities/authorization-code.entity.js';
import { OAuthClient } from './entities/oauth-client.entity.js';
import { RefreshToken } from './entities/refresh-token.entity.js';
import { TokenFamily } from './entities/token-family.entity.js';
import { ClientAuthenticator } from './token-endpoint/client-authenticator.js';
import { TokenController } from './token-endpoint/token.controller.js';
import { TokenGrantService } from './token-endpoint/token-grant.service.js';
import { TokensModule } from './tokens/tokens.module.js';

/**
 * The OAuth 2.0 authorization server (SERVICE-SPEC 4.2, 5): client registration, the
 * authorization endpoint with its consent page, and the token endpoint. Token signing, the JWKS and the bearer
 * guard live in TokensModule, which it re-exports for the resource routes.
 */
@Module({
  imports: [TypeOrmModule.forFeature([OAuthClient, AuthorizationCode, TokenFamily, RefreshToken]), AccountsModule, TokensModule, BillingModule],
  controllers: [ClientRegistrationController, AuthorizationController, TokenController],
  providers: [ClientRegistrationService, AuthorizationService, ClientAuthenticator, TokenGrantService],
  exports: [TokensModule],
})
export class OAuthModule {}

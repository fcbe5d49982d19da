import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { AccessTokenService } from './access-token.service.js';
import { BearerAuthGuard } from './bearer-auth.guard.js';
import { ExternalIdentitiesRepository } from './external-identities.repository.js';
import { JwksController } from './jwks.controller.js';
import { JwtStrategy } from './jwt.strategy.js';
import { SigningKeyService } from './signing-key.service.js';
import { TokenRevocationRegistry } from './token-revocation.registry.js';

/** Access tokens: signing keys and the JWKS, issuance, revocation, and the bearer guard. */
@Module({
  imports: [PassportModule],
  controllers: [JwksController],
  providers: [SecretBox, SigningKeyService, AccessTokenService, TokenRevocationRegistry, JwtStrategy, ExternalIdentitiesRepository, BearerAuthGuard],
  // The guard is instantiated in each module that uses it, so its dependencies are exported too.
  exports: [AccessTokenService, TokenRevocationRegistry, BearerAuthGuard, JwtStrategy, ExternalIdentitiesRepository, SigningKeyService],
})
export class TokensModule {}

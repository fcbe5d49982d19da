import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, RATE_LIMIT_RESPONSE_HEADERS } from '../../common/http/api-responses.decorator.js';
import { RateLimited } from '../../common/rate-limit/rate-limit.guard.js';
import { SigningKeyService } from './signing-key.service.js';

@ApiTags('OAuth')
@Controller()
@RateLimited('discovery')
@ApiProblemResponses(400, 429)
export class JwksController {
  constructor(private readonly keys: SigningKeyService) {}

  @Get(['/.well-known/jwks.json', '/api/v1/.well-known/jwks.json'])
  @Header('Content-Type', 'application/json; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'The public keys that verify access tokens (JWKS); a rotated key stays until its tokens expire' })
  @ApiOkResponse({
    headers: RATE_LIMIT_RESPONSE_HEADERS,
    schema: { type: 'object', properties: { keys: { type: 'array', items: { type: 'object', additionalProperties: true } } }, required: ['keys'] },
  })
  jwks(): string {
    return this.keys.jwks;
  }
}

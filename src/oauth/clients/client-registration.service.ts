import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { DataSource, Repository } from 'typeorm';
import { AccountsService } from '../../accounts/accounts.service.js';
import { MeteringService } from '../../billing/metering.service.js';
import { REGISTRATION_TRIAL_KEYS, registrationPricing } from '../../config/usage-plan.js';
import { randomToken, sha256 } from '../../common/crypto/random-token.js';
import { RateLimitedException } from '../../common/errors/app.exception.js';
import { OAuthException, type OAuthErrorName } from '../../common/errors/oauth.exception.js';
import { describeValidationErrors } from '../../common/validation/validation.pipe.js';
import { AppConfig } from '../../config/app-config.js';
import { PublicUrls } from '../../config/public-urls.js';
import { RateLimiterService } from '../../common/rate-limit/rate-limiter.service.js';
import { OAuthClient, type TokenEndpointAuthMethod } from '../entities/oauth-client.entity.js';
import { RegisterClientRequest, type RegisteredClientResponse } from './dto/register-client.dto.js';
import { RegisterMachineClientRequest, type RegisteredMachineClientResponse } from './dto/register-machine-client.dto.js';
import { redirectUriProblem } from './redirect-uri.js';

/** Dynamic client registration (RFC 7591) for interactive clients, and self-serve machine clients. */
@Injectable()
export class ClientRegistrationService {
  constructor(
    @InjectRepository(OAuthClient) private readonly clients: Repository<OAuthClient>,
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly metering: MeteringService,
    private readonly urls: PublicUrls,
    private readonly config: AppConfig,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  async registerInteractive(body: unknown): Promise<RegisteredClientResponse> {
    const request = await validMetadata(RegisterClientRequest, body);
    const grantTypes = request.grant_types ?? ['authorization_code'];
    const responseTypes = request.response_types ?? ['code'];
    const authMethod = (request.token_endpoint_auth_method ?? 'client_secret_basic') as TokenEndpointAuthMethod;
    if (!grantTypes.includes('authorization_code')) {
      throw new OAuthException('invalid_client_metadata', 'grant_types must include authorization_code; machine clients register at /oauth/m2m/register.');
    }
    if (!responseTypes.includes('code')) throw new OAuthException('invalid_client_metadata', 'response_types must be ["code"].');
    if (!request.redirect_uris) throw new OAuthException('invalid_redirect_uri', 'redirect_uris is required for the authorization_code grant.');
    const problems = request.redirect_uris.map(redirectUriProblem).filter((problem): problem is string => problem !== null);
    if (problems.length > 0) throw new OAuthException('invalid_redirect_uri', problems.join('; '));

    const clientSecret = authMethod === 'none' ? undefined : randomToken();
    const client = await this.clients.save(
      this.clients.create({
        clientId: `uwc_${randomToken(18)}`,
        clientSecretHash: clientSecret ? sha256(clientSecret) : null,
        kind: 'interactive',
        clientName: request.client_name ?? null,
        redirectUris: request.redirect_uris,
        grantTypes,
        responseTypes,
        tokenEndpointAuthMethod: authMethod,
        accountId: null,
      }),
    );
    return {
      client_id: client.clientId,
      ...(clientSecret && { client_secret: clientSecret, client_secret_expires_at: 0 }),
      client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
      ...(client.clientName !== null && { client_name: client.clientName }),
      redirect_uris: client.redirectUris,
      grant_types: client.grantTypes,
      response_types: client.responseTypes,
      token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    };
  }

  async registerMachine(body: unknown, clientAddress: string): Promise<RegisteredMachineClientResponse> {
    const request = await validMetadata(RegisterMachineClientRequest, body);
    const limit = await this.rateLimiter.consume('machineRegistration', clientAddress);
    if (!limit.allowed) throw new RateLimitedException(limit.resetSeconds, {}, limit.description);

    const clientSecret = randomToken();
    let client: OAuthClient;
    let seeded: Record<string, number>;
    try {
      [client, seeded] = await this.dataSource.transaction(async (manager) => {
        const account = await this.accounts.createMachineAccount(request.client_name, manager);
        // The trial is seeded with the account, in the same transaction: it exists exactly once.
        const trial = await this.metering.seedMachineTrial(account.id, manager);
        const saved = await manager.save(
          manager.create(OAuthClient, {
            clientId: `uwm_${randomToken(18)}`,
            clientSecretHash: sha256(clientSecret),
            kind: 'machine',
            clientName: request.client_name,
            redirectUris: [],
            grantTypes: ['client_credentials'],
            responseTypes: [],
            tokenEndpointAuthMethod: 'client_secret_basic',
            accountId: account.id,
          }),
        );
        return [saved, trial] as const;
      });
    } catch (error) {
      // A registration that did not happen does not use up one of the address's slots.
      await this.rateLimiter.refund('machineRegistration', clientAddress).catch(() => undefined);
      throw error;
    }

    // The response reports the four keys of SERVICE-SPEC 2.2 from the balance just seeded.
    const quota = Object.fromEntries(REGISTRATION_TRIAL_KEYS.map((key) => [key, seeded[key] ?? 0])) as Record<(typeof REGISTRATION_TRIAL_KEYS)[number], number>;
    return {
      client_id: client.clientId,
      client_secret: clientSecret,
      client_name: request.client_name,
      grant_types: ['client_credentials'],
      token_endpoint: this.urls.tokenEndpoint,
      mcp_endpoint: this.urls.mcp,
      scope: this.urls.mcpAccessScope,
      token_request_example: `curl -s -u '${client.clientId}:${clientSecret}' -d grant_type=client_credentials --data-urlencode 'scope=${this.urls.mcpAccessScope}' ${this.urls.tokenEndpoint}`,
      free_quota: quota,
      pricing: registrationPricing(this.config.usagePlan),
      note:
        `One-time trial: ${quota.pitch_deck_precheck} pitch deck precheck, ${quota.credit_memo_drafting} memo, ${quota.document_classification} pages of document intelligence ` +
        `and ${quota.financial_data_extraction} page of data extraction, free. Beyond it, metered tools answer HTTP 402 until a payment mandate is set up with initiate_payment_setup. ` +
        'Access tokens last 3600 seconds: request a new one when yours expires.',
    };
  }
}

/**
 * Registration metadata is validated here rather than by the global pipe: RFC 7591 clients send
 * members we do not know (application_type, logo_uri, ...), which must be ignored, not refused, and
 * failures must be OAuth errors.
 */
async function validMetadata<T extends object>(type: new () => T, body: unknown): Promise<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthException('invalid_client_metadata', 'The request body must be a JSON object.');
  }
  const instance = plainToInstance(type, body);
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: false });
  if (errors.length > 0) {
    const error: OAuthErrorName = errors.some((failure) => failure.property === 'redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    throw new OAuthException(error, describeValidationErrors(errors).join('; '));
  }
  return instance;
}

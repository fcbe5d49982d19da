import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { constantTimeEqual, sha256 } from '../../common/crypto/random-token.js';
import { OAuthException } from '../../common/errors/oauth.exception.js';
import { unstorableTextReason } from '../../common/validation/storable-input.js';
import { OAuthClient } from '../entities/oauth-client.entity.js';

interface PresentedCredentials {
  clientId: string;
  clientSecret?: string;
  viaBasic: boolean;
}

/** RFC 6749 2.3: client authentication at the token endpoint, by HTTP Basic or body parameters. */
@Injectable()
export class ClientAuthenticator {
  constructor(@InjectRepository(OAuthClient) private readonly clients: Repository<OAuthClient>) {}

  async authenticate(authorization: string | undefined, body: { client_id?: string; client_secret?: string }): Promise<OAuthClient> {
    const credentials = presentedCredentials(authorization, body);
    const refuse = (description: string) =>
      new OAuthException(
        'invalid_client',
        description,
        credentials.viaBasic ? { headers: { 'WWW-Authenticate': 'Basic realm="oauth", charset="UTF-8"' } } : {},
      );

    const client = await this.clients.findOneBy({ clientId: credentials.clientId });
    // Unknown client and wrong secret read the same, so client ids cannot be probed.
    if (!client) throw refuse('Client authentication failed.');
    if (client.clientSecretHash === null) {
      if (credentials.clientSecret !== undefined) throw refuse('Client authentication failed.');
      return client;
    }
    if (credentials.clientSecret === undefined || !constantTimeEqual(sha256(credentials.clientSecret), client.clientSecretHash)) {
      throw refuse('Client authentication failed.');
    }
    return client;
  }
}

function presentedCredentials(authorization: string | undefined, body: { client_id?: string; client_secret?: string }): PresentedCredentials {
  if (authorization === undefined) {
    if (!body.client_id) throw new OAuthException('invalid_client', 'No client authentication: send HTTP Basic credentials or client_id.');
    return { clientId: body.client_id, clientSecret: body.client_secret, viaBasic: false };
  }
  const challenge = { headers: { 'WWW-Authenticate': 'Basic realm="oauth", charset="UTF-8"' } };
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(authorization.trim());
  if (!match) throw new OAuthException('invalid_client', 'The Authorization header must be HTTP Basic client credentials.', challenge);
  if (body.client_secret !== undefined)
    throw new OAuthException('invalid_request', 'Use one client authentication method, not Basic and client_secret together.');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 1) throw new OAuthException('invalid_client', 'Malformed HTTP Basic client credentials.', challenge);
  try {
    // RFC 6749 2.3.1: id and secret are form-urlencoded before Basic encoding.
    const clientId = decodeURIComponent(decoded.slice(0, separator).replace(/\+/g, ' '));
    const clientSecret = decodeURIComponent(decoded.slice(separator + 1).replace(/\+/g, ' '));
    // Decoded from a header, so the edge's text rule has not seen it: an id no client can have.
    if (unstorableTextReason(clientId) || unstorableTextReason(clientSecret))
      throw new OAuthException('invalid_client', 'Malformed HTTP Basic client credentials.', challenge);
    if (body.client_id !== undefined && body.client_id !== clientId)
      throw new OAuthException('invalid_request', 'client_id in the body differs from the Basic credentials.');
    return { clientId, clientSecret, viaBasic: true };
  } catch (error) {
    if (error instanceof OAuthException) throw error;
    throw new OAuthException('invalid_client', 'Malformed HTTP Basic client credentials.', challenge);
  }
}

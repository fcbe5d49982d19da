import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Rolls back the losing side of two first calls at once. */
class AlreadyMapped extends Error {}

/**
 * The local account of a person who signs in at the configured external identity provider: made
 * on their first call, one per (issuer, subject), whatever the subject looks like ("auth0|abc").
 * Everything else in the service then sees an ordinary account of this service.
 */
@Injectable()
export class ExternalIdentitiesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async accountFor(issuer: string, subject: string, displayName: string): Promise<string> {
    const existing = await this.find(issuer, subject);
    if (existing) return existing;
    try {
      return await this.dataSource.transaction(async (manager) => {
        const [{ id }] = (await manager.query(`INSERT INTO accounts (kind, display_name) VALUES ('human', $1) RETURNING id`, [displayName])) as {
          id: string;
        }[];
        const mapped = (await manager.query(
          'INSERT INTO external_identities (issuer, subject, account_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING account_id',
          [issuer, subject, id],
        )) as unknown[];
        if (mapped.length === 0) throw new AlreadyMapped();
        return id;
      });
    } catch (error) {
      if (!(error instanceof AlreadyMapped)) throw error;
      return (await this.find(issuer, subject))!;
    }
  }

  private async find(issuer: string, subject: string): Promise<string | undefined> {
    const [row] = (await this.dataSource.query('SELECT account_id FROM external_identities WHERE issuer = $1 AND subject = $2', [issuer, subject])) as {
      account_id: string;
    }[];
    return row?.account_id;
  }
}

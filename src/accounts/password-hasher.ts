import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum); the PHC string carries them. */
@Injectable()
export class PasswordHasher {
  /** Verified when an email is unknown, so that the answer takes as long as for a known one. */
  private readonly dummy = hash('not a password of anyone');

  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string | undefined, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash ?? (await this.dummy), password);
    } catch {
      return false;
    }
  }
}

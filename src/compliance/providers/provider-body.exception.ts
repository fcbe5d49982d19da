import { ProviderUnavailableException } from '../../providers/http/provider.exceptions.js';

/** A provider answered 200 with JSON this adapter cannot read: its fault, so retry later, and not charged. */
export class UnreadableProviderAnswerException extends ProviderUnavailableException {
  constructor(displayName: string, what: string) {
    super(displayName, `it answered with a body this service cannot read (${what}).`, 30);
  }
}

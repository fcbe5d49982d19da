import type { AppConfig } from '../config/app-config.js';

/**
 * The rails whose mandates are charged and shown: a sandbox mandate only while the sandbox rail
 * exists (never in production), so one left in a database that production later uses is inert.
 */
export function chargedRails(config: AppConfig): readonly string[] {
  return config.payments.sandbox ? ['fiat', 'crypto', 'sandbox'] : ['fiat', 'crypto'];
}

import { Identity1795363767880 } from './1795363767880-Identity.js';
import { WorkspacesAndDocuments1795400000000 } from './1795400000000-WorkspacesAndDocuments.js';
import { UploadForms1795410000000 } from './1795410000000-UploadForms.js';
import { Billing1795420000000 } from './1795420000000-Billing.js';
import { PaymentMandates1795430000000 } from './1795430000000-PaymentMandates.js';
import { Firms1795440000000 } from './1795440000000-Firms.js';
import { InvoicePayments1795450000000 } from './1795450000000-InvoicePayments.js';
import { SettlementsAndRetries1795460000000 } from './1795460000000-SettlementsAndRetries.js';
import { BatchedFreeReservations1795470000000 } from './1795470000000-BatchedFreeReservations.js';
import { IdempotencyLeases1795481000000 } from './1795481000000-IdempotencyLeases.js';
import { RevokedFamiliesIndex1795482000000 } from './1795482000000-RevokedFamiliesIndex.js';
import { ExternalIdentities1795483000000 } from './1795483000000-ExternalIdentities.js';
import { DurableJobs1795500000000 } from './1795500000000-DurableJobs.js';
import { DocumentProcessing1795501000000 } from './1795501000000-DocumentProcessing.js';
import { AccountMemberships1795700000000 } from './1795700000000-AccountMemberships.js';
import { SandboxRail1795600000000 } from './1795600000000-SandboxRail.js';
import { PageLayouts1795800000000 } from './1795800000000-PageLayouts.js';
import { TransactionFingerprints1795800000001 } from './1795800000001-TransactionFingerprints.js';
import { ProviderKeys1795830000000 } from './1795830000000-ProviderKeys.js';
import { SanctionsLists1795850000000 } from './1795850000000-SanctionsLists.js';
import { LedgerHotPath1795900000000 } from './1795900000000-LedgerHotPath.js';
import { LedgerSweepWatermarks1795910000000 } from './1795910000000-LedgerSweepWatermarks.js';

/**
 * Every migration, in order. Generated with `npm run migration:generate -- src/database/migrations/<Name>`
 * against an empty database (or written by hand with named constraints), and never rewritten once landed.
 */
export const MIGRATIONS: (new () => object)[] = [
  Identity1795363767880,
  WorkspacesAndDocuments1795400000000,
  UploadForms1795410000000,
  Billing1795420000000,
  PaymentMandates1795430000000,
  Firms1795440000000,
  InvoicePayments1795450000000,
  SettlementsAndRetries1795460000000,
  BatchedFreeReservations1795470000000,
  IdempotencyLeases1795481000000,
  RevokedFamiliesIndex1795482000000,
  ExternalIdentities1795483000000,
  DurableJobs1795500000000,
  DocumentProcessing1795501000000,
  SandboxRail1795600000000,
  AccountMemberships1795700000000,
  PageLayouts1795800000000,
  TransactionFingerprints1795800000001,
  ProviderKeys1795830000000,
  SanctionsLists1795850000000,
  LedgerHotPath1795900000000,
  LedgerSweepWatermarks1795910000000,
];

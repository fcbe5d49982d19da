/** Types of hostile-documents.mjs, for the end-to-end test that uploads the same corpus. */
export interface HostileDocument {
  name: string;
  fileName: string;
  mimeType: string;
  bytes: Buffer;
  attack: string;
  expect: 'refused' | 'accepted-large';
}

export function hostileDocuments(options?: { scale?: number; maxBytes?: number }): HostileDocument[];

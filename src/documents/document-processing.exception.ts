import { AppException } from '../common/errors/app.exception.js';

/**
 * An analysis tool named a document whose processing has not finished within the wait: the same
 * call works later, so it answers RATE_LIMITED (the code that means "wait, then call again") with
 * `retryAfterSeconds`, and nothing is analysed or charged.
 */
export class DocumentStillProcessingException extends AppException {
  constructor(
    documentId: string,
    /** Null while the file itself is still being read (its pages not yet counted). */
    pagesLeft: number | null,
    readonly retryAfterSeconds: number,
  ) {
    super({
      status: 429,
      code: 'RATE_LIMITED',
      slug: 'document-still-processing',
      title: 'Document still processing',
      detail:
        pagesLeft === null
          ? `Document ${documentId} is still being read (its type and pages are not known yet); it is analysed only once every page is read.`
          : `Document ${documentId} is still being processed (${pagesLeft} page${pagesLeft === 1 ? '' : 's'} left to read); it is analysed only once every page is read.`,
      hint: `Call again in ${retryAfterSeconds} seconds; nothing was charged.`,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  }
}

import { AppException } from '../common/errors/app.exception.js';

/**
 * An analysis tool named a document whose processing has not finished within the wait: the same
 * call works later, so it answers RATE_LIMITED (the code that means "wait, then call again") with
 * `retryAfterSeconds`, and nothing is analysed or charged.
 */
export class DocumentStillProcessingException extends AppException {
  constructor(
    documentId: string,
    pagesLeft: number,
    readonly retryAfterSeconds: number,
  ) {
    super({
      status: 429,
      code: 'RATE_LIMITED',
      slug: 'document-still-processing',
      title: 'Document still processing',
      detail: `Document ${documentId} is still being processed (${pagesLeft} page${pagesLeft === 1 ? '' : 's'} left to read); it is analysed only once every page is read.`,
      hint: `Call again in ${retryAfterSeconds} seconds; nothing was charged.`,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  }
}

import { AppException } from '../common/errors/app.exception.js';

/**
 * Why a caller's link was not fetched. Each says what about the link was refused and what the caller
 * can do; none repeats the link's query string (it may hold a token).
 */
export class LinkRefusedException extends AppException {
  constructor(detail: string, hint = 'Send a public http(s) link to the document itself.') {
    super({ status: 400, detail, hint });
  }
}

/** The link's host resolves to an address the service never connects to on a caller's behalf. */
export class AddressRefusedException extends LinkRefusedException {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(
      `The link's host ${host} resolves to ${reason} (${address}); links are fetched only from public internet addresses.`,
      'Send a link to a document on the public internet; upload a file from a private network with submit_documents instead.',
    );
  }
}

export class LinkTooLargeException extends AppException {
  constructor(maxBytes: number) {
    super({
      status: 413,
      detail: `The document behind the link is larger than ${maxBytes} bytes; it was not downloaded further.`,
      hint: 'Send a smaller file, or upload it with submit_documents (no content: you get an upload URL).',
    });
  }
}

export class LinkAnsweredException extends AppException {
  constructor(
    readonly remoteStatus: number,
    host: string,
  ) {
    const gone = remoteStatus === 404 || remoteStatus === 410;
    const closed = remoteStatus === 401 || remoteStatus === 403;
    super({
      status: gone ? 404 : closed ? 403 : 400,
      detail: `${host} answered HTTP ${remoteStatus} for the link${gone ? ': the document is gone or the link is wrong' : closed ? ': the document is not public' : ''}.`,
      hint: closed
        ? 'Ask for a public link, or configure the sharelink provider (configure_data_provider) so its API fetches the deck.'
        : 'Check the link and call again.',
    });
  }
}

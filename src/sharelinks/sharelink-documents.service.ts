import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { ProviderKeysService } from '../data-providers/provider-keys.service.js';
import { DocumentsService } from '../documents/documents.service.js';
import { OutboundFetcher, type FetchedResource } from '../outbound/outbound-fetch.service.js';
import { LinkRefusedException } from '../outbound/outbound.exceptions.js';
import type { SharelinkDocumentResult } from './dto/fetch-sharelink-document.dto.js';
import { PAPERMARK, PapermarkClient, type EngagementAnalytics } from './papermark-client.js';
import { directDownloadUrl, fileNameFor, isHtml, papermarkLinkId, viewerOnlyService } from './share-urls.js';

/** Decks are what share links carry; the caller can still classify the document otherwise later. */
const DOCUMENT_TYPE = 'pitch-deck';

/**
 * fetch_sharelink_document: the deck behind a share link, stored as a document through the same
 * pipeline as submit_documents (type sniffed from the bytes, DOCUMENT_MAX_BYTES, pages, text, the
 * processing job). With the caller's `sharelink` key a Papermark link goes through Papermark's API,
 * which also gives the engagement analytics; any other link (or none configured) is fetched as it
 * is, after turning common share pages into their download form. Every download of a URL a caller
 * or a provider named goes through the SSRF-safe OutboundFetcher.
 */
@Injectable()
export class SharelinkDocumentsService {
  private readonly papermarkInstance: URL;

  constructor(
    private readonly keys: ProviderKeysService,
    private readonly documents: DocumentsService,
    private readonly fetcher: OutboundFetcher,
    private readonly papermark: PapermarkClient,
    private readonly config: AppConfig,
  ) {
    this.papermarkInstance = new URL(config.sharelink.apiUrl);
  }

  async fetch(accountId: string, link: string, workspaceId?: string): Promise<SharelinkDocumentResult> {
    const url = parseLink(link);
    const linkId = papermarkLinkId(url, this.papermarkInstance);
    if (linkId) return this.viaPapermark(accountId, linkId, workspaceId);
    const fetched = await this.download(directDownloadUrl(url), url);
    return this.store(accountId, fetched, fileNameFor(fetched.contentDisposition, fetched.url, 'shared-document'), null, 'direct', workspaceId);
  }

  private async viaPapermark(accountId: string, linkId: string, workspaceId?: string): Promise<SharelinkDocumentResult> {
    const apiKey = await this.keys.keyFor(accountId, 'sharelink');
    if (!apiKey) {
      throw new LinkRefusedException(
        'This is a Papermark link: Papermark shows the deck in its viewer and gives the file only through its API, and no sharelink provider key is configured.',
        "Configure your Papermark API token with configure_data_provider {provider: 'sharelink', apiKey}, or download the deck and send it with submit_documents.",
      );
    }
    const shared = await this.papermark.sharedDocument(linkId, apiKey);
    const [fetched, analytics] = await Promise.all([
      this.papermark.downloadUrl(shared.file, apiKey).then((url) => this.download(new URL(url), new URL(url))),
      this.papermark.analytics(shared, apiKey),
    ]);
    const fallbackName = shared.name ? `${shared.name}${/\.[A-Za-z0-9]{2,5}$/.test(shared.name) ? '' : '.pdf'}` : 'papermark-document.pdf';
    return this.store(accountId, fetched, fileNameFor(fetched.contentDisposition, fetched.url, fallbackName), analytics, 'papermark', workspaceId);
  }

  private async download(url: URL, asGiven: URL): Promise<FetchedResource> {
    const fetched = await this.fetcher.fetch(url, { maxBytes: this.config.documents.maxBytes });
    if (isHtml(fetched.contentType, fetched.bytes)) {
      const service = viewerOnlyService(asGiven);
      throw new LinkRefusedException(
        service
          ? `The link opens ${service}'s viewer, a web page, not the document itself.`
          : 'The link leads to a web page (HTML), not a document: PDF, DOCX, XLSX, CSV or plain text.',
        service === PAPERMARK
          ? "Configure the sharelink provider (configure_data_provider {provider: 'sharelink'}) so that Papermark's API fetches the deck."
          : 'Send the direct link to the file (its download link), or download it and use submit_documents.',
      );
    }
    return fetched;
  }

  private async store(
    accountId: string,
    fetched: FetchedResource,
    fileName: string,
    analytics: EngagementAnalytics | null,
    source: 'papermark' | 'direct',
    workspaceId?: string,
  ): Promise<SharelinkDocumentResult> {
    const mimeType = fetched.contentType?.split(';')[0].trim() || undefined;
    const stored = await this.documents.submitBytes(accountId, fetched.bytes, { fileName, mimeType, documentType: DOCUMENT_TYPE, workspaceId });
    return {
      documentId: stored.documentId,
      status: 'READY',
      pageCount: stored.pageCount!,
      analytics,
      source,
      fileName: stored.fileName ?? fileName,
      mimeType: stored.mimeType!,
      sizeBytes: stored.sizeBytes!,
      ...(workspaceId && { workspaceId }),
    };
  }
}

function parseLink(link: string): URL {
  try {
    return new URL(link.trim());
  } catch {
    throw new LinkRefusedException('link: not a valid URL.');
  }
}

import { Injectable } from '@nestjs/common';
import { AppException } from '../common/errors/app.exception.js';
import { AppConfig } from '../config/app-config.js';
import type { ProviderHttpClient } from '../providers/http/provider-http-client.js';
import { ProviderHttpClients } from '../providers/http/provider-http-clients.js';

export const PAPERMARK = 'Papermark';
/** Per-page figures come from one call per view: the most recent views up to this many. */
export const MAX_VIEWS_ANALYSED = 50;

/** GET /api/links/:id (DOCUMENT_LINK), the parts read here. */
interface LinkAnswer {
  linkType?: string;
  link?: {
    id: string;
    teamId?: string | null;
    document?: { id: string; name?: string; teamId?: string; versions?: { versionNumber?: number; type?: string; file?: string }[] } | null;
  };
}

/** GET /api/teams/:teamId/documents/:id/stats */
interface DocumentStatsAnswer {
  views?: { id: string; viewerEmail?: string | null; viewerId?: string | null; viewedAt?: string }[];
  totalViews?: number;
  /** Average time on the document per view, in milliseconds. */
  total_duration?: number;
}

/** GET /api/teams/:teamId/documents/:id/views/:viewId/stats: milliseconds on each page in one view. */
interface ViewStatsAnswer {
  duration?: { data?: { pageNumber: string | number; sum_duration: number }[] };
  total_duration?: number;
}

export interface SharedDocument {
  linkId: string;
  teamId: string;
  documentId: string;
  name: string | null;
  /** The primary version's file: a URL, or a storage key Papermark signs a URL for. */
  file: string;
}

export interface EngagementAnalytics {
  views: number;
  uniqueViewers: number;
  totalDwellSeconds: number;
  perPage: { page: number; dwellSeconds: number; views: number }[];
  /** How many of the views the per-page figures cover (the latest MAX_VIEWS_ANALYSED). */
  viewsAnalysed: number;
}

/**
 * Papermark (open source, self-hostable: SHARELINK_API_URL) with the caller's key as a Bearer
 * token, on the routes its web app uses: the link's document, a signed download URL for a file in
 * its S3 storage, and the document's views with per-page time from its analytics.
 */
@Injectable()
export class PapermarkClient {
  private readonly http: ProviderHttpClient;

  constructor(config: AppConfig, clients: ProviderHttpClients) {
    this.http = clients.client({
      provider: 'sharelink',
      displayName: PAPERMARK,
      baseUrl: config.sharelink.apiUrl,
      credentialsHint: "Set a valid Papermark API token with configure_data_provider {provider: 'sharelink'}.",
    });
  }

  async sharedDocument(linkId: string, apiKey: string): Promise<SharedDocument> {
    const { body } = await this.http.getJson<LinkAnswer>(`/api/links/${encodeURIComponent(linkId)}`, {
      headers: authorization(apiKey),
      notFound: 'link with that id (it may be archived or deleted)',
    });
    if (body?.linkType === 'DATAROOM_LINK') {
      throw new AppException({
        status: 400,
        detail: 'The Papermark link opens a data room, not one document.',
        hint: 'Share the deck itself from Papermark (a document link) and call again.',
      });
    }
    const document = body?.link?.document;
    const file = document?.versions?.[0]?.file;
    const teamId = body?.link?.teamId ?? document?.teamId;
    if (!body?.link || !document || typeof file !== 'string' || !file || !teamId) throw unexpected('link');
    return { linkId, teamId, documentId: document.id, name: document.name ?? null, file };
  }

  /** A file stored in Papermark's bucket is downloaded through a URL Papermark signs for it. */
  async downloadUrl(file: string, apiKey: string): Promise<string> {
    if (/^https?:\/\//i.test(file)) return file;
    const { body } = await this.http.postJson<{ url?: string }>(
      '/api/file/s3/get-presigned-get-url',
      { key: file },
      { headers: authorization(apiKey), idempotent: true },
    );
    if (typeof body?.url !== 'string') throw unexpected('signed download URL');
    return body.url;
  }

  async analytics(document: SharedDocument, apiKey: string): Promise<EngagementAnalytics> {
    const base = `/api/teams/${encodeURIComponent(document.teamId)}/documents/${encodeURIComponent(document.documentId)}`;
    const { body: stats } = await this.http.getJson<DocumentStatsAnswer>(`${base}/stats`, {
      headers: authorization(apiKey),
      notFound: 'document behind that link',
    });
    if (!stats || !Array.isArray(stats.views)) throw unexpected('document statistics');
    const views = stats.views;
    const latest = [...views].sort((a, b) => (b.viewedAt ?? '').localeCompare(a.viewedAt ?? '')).slice(0, MAX_VIEWS_ANALYSED);
    const perView = await Promise.all(
      latest.map(async (view) => {
        const { body } = await this.http.getJson<ViewStatsAnswer>(`${base}/views/${encodeURIComponent(view.id)}/stats`, {
          headers: authorization(apiKey),
          notFound: 'view of that document',
        });
        if (!body?.duration || !Array.isArray(body.duration.data)) throw unexpected('view statistics');
        return body.duration.data;
      }),
    );
    const pages = new Map<number, { dwellMs: number; views: number }>();
    for (const data of perView) {
      for (const entry of data) {
        const page = Number(entry.pageNumber);
        const milliseconds = Number(entry.sum_duration);
        if (!Number.isInteger(page) || page < 1 || !Number.isFinite(milliseconds) || milliseconds <= 0) continue;
        const totals = pages.get(page) ?? { dwellMs: 0, views: 0 };
        totals.dwellMs += milliseconds;
        totals.views += 1;
        pages.set(page, totals);
      }
    }
    const viewCount = typeof stats.totalViews === 'number' ? stats.totalViews : views.length;
    const viewers = new Set(views.map((view) => view.viewerEmail?.toLowerCase() ?? view.viewerId ?? view.id));
    // With every view analysed the total is the sum of their pages; else Papermark's average per
    // view (total_duration) times the views it averaged over.
    const analysedMs = [...pages.values()].reduce((sum, totals) => sum + totals.dwellMs, 0);
    const averageMs = typeof stats.total_duration === 'number' && Number.isFinite(stats.total_duration) ? stats.total_duration : 0;
    const totalMs = latest.length === views.length ? analysedMs : averageMs * viewCount;
    return {
      views: viewCount,
      uniqueViewers: viewers.size,
      totalDwellSeconds: seconds(totalMs),
      perPage: [...pages.entries()].sort(([a], [b]) => a - b).map(([page, totals]) => ({ page, dwellSeconds: seconds(totals.dwellMs), views: totals.views })),
      viewsAnalysed: latest.length,
    };
  }
}

function authorization(apiKey: string): Record<string, string> {
  return { authorization: `Bearer ${apiKey}` };
}

function seconds(milliseconds: number): number {
  return Math.round(milliseconds / 100) / 10;
}

function unexpected(what: string): AppException {
  return new AppException({
    status: 503,
    code: 'INTERNAL_ERROR',
    detail: `${PAPERMARK} is unavailable: its ${what} did not have the expected shape.`,
    hint: `Check SHARELINK_API_URL points at a Papermark instance; call again later.`,
  });
}

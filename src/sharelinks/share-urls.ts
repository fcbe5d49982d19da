/**
 * Where the file behind a common public share URL can be downloaded directly. Share pages of
 * these services are HTML viewers; each offers a documented download form of the same link.
 * Anything not recognised is fetched as it is (a direct link to a PDF, say).
 */
export function directDownloadUrl(link: URL): URL {
  const host = link.hostname.toLowerCase();
  // Google Drive: /file/d/{id}/view → /uc?export=download&id={id}
  if (host === 'drive.google.com') {
    const id = /^\/file\/d\/([A-Za-z0-9_-]+)/.exec(link.pathname)?.[1] ?? link.searchParams.get('id');
    if (id) return new URL(`https://drive.google.com/uc?export=download&id=${encodeURIComponent(id)}`);
  }
  // Dropbox: ?dl=0 shows the preview page, ?dl=1 sends the file.
  if (host === 'www.dropbox.com' || host === 'dropbox.com') {
    const direct = new URL(link);
    direct.searchParams.set('dl', '1');
    return direct;
  }
  // OneDrive and SharePoint sharing links take download=1.
  if (host === '1drv.ms' || host === 'onedrive.live.com' || host.endsWith('.sharepoint.com')) {
    const direct = new URL(link);
    direct.searchParams.set('download', '1');
    return direct;
  }
  return link;
}

/** Share services whose links open a viewer and offer no download without an account or API. */
const VIEWER_ONLY: Record<string, string> = {
  'docsend.com': 'DocSend',
  'www.docsend.com': 'DocSend',
  'papermark.com': 'Papermark',
  'www.papermark.com': 'Papermark',
  'papermark.io': 'Papermark',
  'www.papermark.io': 'Papermark',
  'pitch.com': 'Pitch',
  'www.figma.com': 'Figma',
};

/** The name of the viewer-only service a link belongs to, for an error that says what to do. */
export function viewerOnlyService(link: URL): string | undefined {
  return VIEWER_ONLY[link.hostname.toLowerCase()];
}

/**
 * The id of a Papermark document link: {papermark host or the configured instance}/view/{linkId}.
 * Custom domains serve /{slug}, which only Papermark can resolve: they are fetched as other links.
 */
export function papermarkLinkId(link: URL, instance: URL): string | undefined {
  const host = link.hostname.toLowerCase();
  if (viewerOnlyService(link) !== 'Papermark' && host !== instance.hostname.toLowerCase()) return undefined;
  return /^\/view\/([A-Za-z0-9_-]{8,64})\/?$/.exec(link.pathname)?.[1];
}

/** A file name for the stored document: Content-Disposition's, else the URL's last segment, else a default. */
export function fileNameFor(contentDisposition: string | null, url: URL, fallback: string): string {
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition ?? '')?.[1];
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition ?? '')?.[1];
  let name: string | undefined;
  try {
    name = encoded ? decodeURIComponent(encoded) : plain;
  } catch {
    name = plain;
  }
  if (!name) {
    const segment = url.pathname.split('/').filter(Boolean).pop();
    name = segment && /\.[A-Za-z0-9]{2,5}$/.test(segment) ? decodeURIComponentSafe(segment) : undefined;
  }
  // eslint-disable-next-line no-control-regex
  const cleaned = (name ?? fallback).replace(/[\u0000-\u001f\u007f/\\]+/g, '_').trim();
  return (cleaned || fallback).slice(0, 255);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** An HTML page rather than a document: by its declared type, or by its first bytes. */
export function isHtml(contentType: string | null, bytes: Buffer): boolean {
  if (contentType && /^\s*(text\/html|application\/xhtml\+xml)/i.test(contentType)) return true;
  const head = bytes.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html') || /^<\?xml[^>]*>\s*<html/.test(head);
}

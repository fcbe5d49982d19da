import { describe, expect, it } from '@jest/globals';
import { directDownloadUrl, fileNameFor, isHtml, papermarkLinkId, viewerOnlyService } from './share-urls.js';

const PAPERMARK = new URL('https://app.papermark.com');

describe('directDownloadUrl', () => {
  it('turns a Google Drive file view into its download URL', () => {
    expect(directDownloadUrl(new URL('https://drive.google.com/file/d/1AbC_dEf-123/view?usp=sharing')).href).toBe(
      'https://drive.google.com/uc?export=download&id=1AbC_dEf-123',
    );
  });
  it('asks Dropbox for the file instead of the preview', () => {
    expect(directDownloadUrl(new URL('https://www.dropbox.com/scl/fi/abc/deck.pdf?rlkey=xyz&dl=0')).href).toBe(
      'https://www.dropbox.com/scl/fi/abc/deck.pdf?rlkey=xyz&dl=1',
    );
  });
  it('asks OneDrive and SharePoint for the download', () => {
    expect(directDownloadUrl(new URL('https://acme.sharepoint.com/:b:/s/deals/EaBc?e=1')).searchParams.get('download')).toBe('1');
    expect(directDownloadUrl(new URL('https://1drv.ms/b/s!AbC')).searchParams.get('download')).toBe('1');
  });
  it('leaves any other link as it is', () => {
    expect(directDownloadUrl(new URL('https://cdn.example.com/decks/acme.pdf?token=1')).href).toBe('https://cdn.example.com/decks/acme.pdf?token=1');
  });
});

describe('papermarkLinkId', () => {
  it('reads the link id of a Papermark document link on its own hosts and on the configured instance', () => {
    expect(papermarkLinkId(new URL('https://www.papermark.com/view/clx1a2b3c4d5e6f7g8h9'), PAPERMARK)).toBe('clx1a2b3c4d5e6f7g8h9');
    expect(papermarkLinkId(new URL('https://papermark.io/view/clx1a2b3c4d5e6f7g8h9/'), PAPERMARK)).toBe('clx1a2b3c4d5e6f7g8h9');
    expect(papermarkLinkId(new URL('https://docs.bank.example/view/clx1a2b3c4d5e6f7g8h9'), new URL('https://docs.bank.example'))).toBe('clx1a2b3c4d5e6f7g8h9');
  });
  it('knows nothing of other hosts or paths', () => {
    expect(papermarkLinkId(new URL('https://example.com/view/clx1a2b3c4d5e6f7g8h9'), PAPERMARK)).toBeUndefined();
    expect(papermarkLinkId(new URL('https://www.papermark.com/pricing'), PAPERMARK)).toBeUndefined();
  });
});

describe('fileNameFor', () => {
  const url = new URL('https://cdn.example.com/decks/Acme%20Seed.pdf');
  it("prefers Content-Disposition's name, the encoded form first", () => {
    expect(fileNameFor(`attachment; filename="plain.pdf"; filename*=UTF-8''S%C3%A9rie%20A.pdf`, url, 'x')).toBe('Série A.pdf');
    expect(fileNameFor('attachment; filename="plain.pdf"', url, 'x')).toBe('plain.pdf');
  });
  it("falls back to the URL's last segment, then the default", () => {
    expect(fileNameFor(null, url, 'x')).toBe('Acme Seed.pdf');
    expect(fileNameFor(null, new URL('https://drive.google.com/uc?export=download&id=1'), 'shared-document')).toBe('shared-document');
  });
  it('removes path separators and control characters', () => {
    expect(fileNameFor('attachment; filename="../../etc/passwd\u0001.pdf"', url, 'x')).toBe('.._.._etc_passwd_.pdf');
  });
});

describe('isHtml', () => {
  it('knows a web page by its type or its first bytes', () => {
    expect(isHtml('text/html; charset=utf-8', Buffer.from('%PDF'))).toBe(true);
    expect(isHtml('application/octet-stream', Buffer.from('\n  <!DOCTYPE html><html>'))).toBe(true);
    expect(isHtml(null, Buffer.from('<html><body>'))).toBe(true);
  });
  it('does not take a PDF or plain text for one', () => {
    expect(isHtml('application/pdf', Buffer.from('%PDF-1.7'))).toBe(false);
    expect(isHtml('text/plain', Buffer.from('Revenue 2024: 1,200'))).toBe(false);
  });
});

describe('viewerOnlyService', () => {
  it('names DocSend and Papermark', () => {
    expect(viewerOnlyService(new URL('https://docsend.com/view/abc'))).toBe('DocSend');
    expect(viewerOnlyService(new URL('https://www.papermark.com/view/abc'))).toBe('Papermark');
    expect(viewerOnlyService(new URL('https://example.com/'))).toBeUndefined();
  });
});

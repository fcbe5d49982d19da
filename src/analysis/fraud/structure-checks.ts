import type { DocumentType } from '../analysis.types.js';
import { check, type FraudCheck, type Severity } from './fraud-checks.js';
import type { DocumentInfo, PdfStructure } from './pdf-structure.js';

/**
 * Programs whose name in Producer or Creator says the file went through an editor after it was
 * made. Each is a signal, not proof: people also use them to merge, compress, rotate or sign.
 */
export const EDITING_TOOLS: { name: string; pattern: RegExp; why: string; kind: EditorKind }[] = [
  { name: 'iLovePDF', pattern: /ilovepdf/i, why: 'an online suite whose "Edit PDF" adds or overlays text and images on existing pages', kind: 'online' },
  { name: 'Smallpdf', pattern: /smallpdf/i, why: 'an online editor that can add text and white-out over existing content', kind: 'online' },
  { name: 'PDFescape', pattern: /pdfescape/i, why: 'an online form filler and editor that overlays text and white-out boxes on pages', kind: 'online' },
  { name: 'Sejda', pattern: /sejda/i, why: 'an editor that changes existing text in place', kind: 'online' },
  { name: 'DocHub', pattern: /dochub/i, why: 'an online editor that overlays text and white-out on pages', kind: 'online' },
  {
    name: 'PDF Candy / Soda PDF / PDF2Go',
    pattern: /pdf ?candy|soda ?pdf|pdf2go/i,
    why: 'an online editor that adds text over existing pages',
    kind: 'online',
  },
  {
    name: 'an image editor (Photoshop, GIMP, Paint, Canva)',
    pattern: /photoshop|\bgimp\b|paint\.net|\bms ?paint\b|canva\b/i,
    why: 'a program for images and designs: a statement saved from one was redrawn, not printed by its issuer',
    kind: 'image',
  },
  {
    name: 'Foxit PhantomPDF / PDF Editor',
    pattern: /foxit (?:phantompdf|pdf editor)/i,
    why: 'a desktop editor that edits text and objects of an existing PDF',
    kind: 'desktop',
  },
  {
    name: 'Adobe Acrobat (editing)',
    pattern: /adobe acrobat(?! distiller)(?!.*pdfmaker)/i,
    why: 'Acrobat Pro/Standard saves the files it edits (Edit PDF, redaction, page changes); Distiller and PDFMaker, which create PDFs, are not counted',
    kind: 'desktop',
  },
  {
    name: 'PDF-XChange Editor',
    pattern: /pdf-xchange (?:editor|viewer)/i,
    why: 'an editor whose typewriter and edit tools change the text of existing pages',
    kind: 'online',
  },
  { name: 'Nitro', pattern: /\bnitro (?:pro|pdf)/i, why: 'a desktop editor that edits the text of existing pages', kind: 'desktop' },
  { name: 'PDFelement', pattern: /pdfelement|wondershare/i, why: 'a desktop editor that edits the text of existing pages', kind: 'desktop' },
  { name: 'pdfFiller', pattern: /pdffiller/i, why: 'an online editor that overlays text on pages', kind: 'online' },
];

/**
 * `online`: web editors and overlay tools (and PDF-XChange's typewriter) whose use on a statement
 * has no ordinary reason: an issuer's statement is printed by its system, not edited on the web;
 * `image`: the page was drawn; `desktop`: office editors also used to merge, sign and redact.
 */
type EditorKind = 'online' | 'image' | 'desktop';
/** Documents an issuer prints from its own system: an online or image editor in their metadata is strong evidence. */
const ISSUED_TYPES: ReadonlySet<DocumentType> = new Set(['bank_statement', 'financial_statement']);

/** Programs that only convert or render what another program wrote: a different Creator is expected with them. */
const CONVERTERS =
  /adobe pdf library|acrobat distiller|pdfmaker|print to pdf|quartz|skia|ghostscript|itext|pdflib|reportlab|wkhtmltopdf|cairo|\bqt\b|libreoffice|openoffice|pdftex|xetex|luatex|chromium|chrome|microsoft|prince|aspose|apache fop|mac os x|pypdf|pikepdf|qpdf|pdftk|mupdf/i;
/**
 * One maker under two names: the SEC's EDGAR renders filings with "EDGAR Filing HTML Converter" as
 * Creator and "EDGRpdf Service" or "EDGAR PDF Generator" as Producer; Workiva's platform is Wdesk.
 */
const SAME_MAKER = [/\bedga?r|edgrpdf/i, /workiva|wdesk/i];
const GENERIC_WORDS = new Set(['pdf', 'library', 'version', 'the', 'for', 'and', 'inc', 'corp', 'corporation', 'software', 'http', 'https', 'www', 'com']);

/** Long enough that a re-save the same week (a signature, a form fill) is not counted. */
export const MODIFIED_AFTER_DAYS = 30;

export function structureChecks(structure: PdfStructure, documentType?: DocumentType): { checks: FraudCheck[]; skipped: { id: string; reason: string }[] } {
  const checks: FraudCheck[] = [
    check(
      'pdf_header',
      'pdf_structure',
      'high',
      structure.isPdf,
      structure.isPdf ? 'the file starts with a %PDF- header' : 'no %PDF- header in the first 1024 bytes: not a PDF file',
    ),
  ];
  if (!structure.isPdf) return { checks, skipped: [] };
  const skipped: { id: string; reason: string }[] = [];
  const updates = Math.max(0, structure.eofMarkers - 1 - (structure.linearized ? 1 : 0));
  checks.push(
    check(
      'pdf_incremental_updates',
      'pdf_structure',
      'medium',
      updates === 0,
      `${structure.eofMarkers} %%EOF marker(s), ${structure.startxrefs} startxref${structure.linearized ? ', linearized (its first-page section accounts for one marker)' : ''}: ${updates} incremental update(s). ` +
        'An update appends changed objects after the original file; editors save changes this way, and so do signing and form filling, so it is a signal, not proof.',
    ),
    check(
      'pdf_javascript',
      'pdf_structure',
      'high',
      !structure.javascript,
      structure.javascript
        ? 'the file contains JavaScript (/JavaScript or /JS): statements have no reason to run code, which can alter what is displayed'
        : 'no /JavaScript or /JS action',
    ),
    check(
      'pdf_automatic_actions',
      'pdf_structure',
      'medium',
      structure.autoActions.length === 0,
      structure.autoActions.length
        ? `automatic actions present (${structure.autoActions.join(', ')}): actions run on opening or on events, beyond showing a page`
        : 'no /AA and no /OpenAction other than a page destination',
    ),
    check(
      'pdf_embedded_files',
      'pdf_structure',
      'medium',
      !structure.embeddedFiles,
      structure.embeddedFiles ? 'the file carries embedded files (/EmbeddedFile): content outside the pages that a reviewer does not see' : 'no embedded files',
    ),
  );
  if (structure.encrypted) {
    skipped.push({ id: 'metadata', reason: 'the file is encrypted: its metadata strings cannot be read without the key' });
    return { checks, skipped };
  }
  checks.push(...metadataChecks(structure.info, structure.xmp, skipped, documentType));
  return { checks, skipped };
}

function metadataChecks(info: DocumentInfo, xmp: DocumentInfo | null, skipped: { id: string; reason: string }[], documentType?: DocumentType): FraudCheck[] {
  const checks: FraudCheck[] = [];
  const producers = [...new Set([info.producer, info.creator, xmp?.producer, xmp?.creator].filter((value): value is string => Boolean(value)))];
  if (producers.length === 0) skipped.push({ id: 'metadata_editing_tool', reason: 'no Producer or Creator in the metadata' });
  else {
    const found = EDITING_TOOLS.filter((tool) => producers.some((name) => tool.pattern.test(name)));
    const issued = documentType !== undefined && ISSUED_TYPES.has(documentType);
    const strong = issued && found.some((tool) => tool.kind !== 'desktop');
    const severity: Severity = strong ? 'high' : 'medium';
    checks.push(
      check(
        'metadata_editing_tool',
        'metadata',
        severity,
        found.length === 0,
        found.length
          ? `Producer/Creator name ${found.map((tool) => `${tool.name}, ${tool.why}`).join('; ')}. ` +
              (strong
                ? `On ${documentType === 'bank_statement' ? 'a bank statement' : 'a financial statement'}, which its issuer prints from its own system, an online or image editor has no ordinary reason to be there.`
                : 'A signal, not proof: such tools are also used to merge, compress or sign.')
          : `Producer/Creator (${producers.map((name) => `"${name}"`).join(', ')}) name no known editing tool`,
      ),
    );
  }
  if (info.producer && info.creator) {
    const words = (name: string) => new Set((name.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((word) => !GENERIC_WORDS.has(word)));
    const creatorWords = words(info.creator);
    const shared = [...words(info.producer)].some((word) => creatorWords.has(word));
    const sameMaker = SAME_MAKER.some((maker) => maker.test(info.producer!) && maker.test(info.creator!));
    const mismatch = !shared && !sameMaker && !CONVERTERS.test(info.producer);
    checks.push(
      check(
        'metadata_producer_creator_mismatch',
        'metadata',
        'low',
        !mismatch,
        mismatch
          ? `Creator "${info.creator}" and Producer "${info.producer}" are unrelated programs, and the Producer is not a PDF converter: the file was written by one program and saved again by another`
          : `Creator "${info.creator}" and Producer "${info.producer}" are consistent (same program, or a converter that renders what the creator wrote)`,
      ),
    );
  } else skipped.push({ id: 'metadata_producer_creator_mismatch', reason: 'Producer or Creator not stated' });
  if (info.creationDate && info.modDate) {
    const days = (Date.parse(info.modDate) - Date.parse(info.creationDate)) / 86_400_000;
    const gap = days >= 0 ? `${Math.round(days)} day(s) after` : `${Math.round(-days)} day(s) before`;
    const dates = `ModDate ${info.modDate} is ${gap} CreationDate ${info.creationDate}`;
    // A day of slack: some writers state one date in local time without an offset and the other in UTC.
    const contradiction = days < -1;
    checks.push(
      check(
        'metadata_dates_contradict',
        'metadata',
        'high',
        !contradiction,
        contradiction
          ? `${dates}: a file cannot be modified before it was created, so one of the dates was set by hand or by a tool that rewrote it`
          : `${dates}: not before it`,
      ),
      check(
        'metadata_modified_after_creation',
        'metadata',
        'medium',
        days <= MODIFIED_AFTER_DAYS,
        days > MODIFIED_AFTER_DAYS ? `${dates}: more than ${MODIFIED_AFTER_DAYS} days, so the file was changed long after the statement was issued` : dates,
      ),
    );
  } else skipped.push({ id: 'metadata_modified_after_creation', reason: 'CreationDate or ModDate not stated' });
  if (xmp) {
    const disagreements = (['producer', 'creationDate', 'modDate'] as const).filter((key) => {
      const a = info[key];
      const b = xmp[key];
      if (!a || !b) return false;
      return key === 'producer' ? a.trim() !== b.trim() : Math.abs(Date.parse(a) - Date.parse(b)) > 60_000;
    });
    checks.push(
      check(
        'metadata_info_xmp_agree',
        'metadata',
        'medium',
        disagreements.length === 0,
        disagreements.length
          ? `the document information dictionary and the XMP metadata disagree on ${disagreements.map((key) => `${key} ("${info[key]}" against "${xmp[key]}")`).join(', ')}: a tool rewrote one and not the other`
          : 'the document information dictionary and the XMP metadata agree',
      ),
    );
  } else skipped.push({ id: 'metadata_info_xmp_agree', reason: 'no readable XMP metadata stream' });
  return checks;
}

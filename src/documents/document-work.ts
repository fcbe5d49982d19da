import type { OcrSettings, PageLayout } from '../analysis/page-layout.js';
import { workTask } from '../work-pool/work-task.js';
import type { ReadDocument } from './document-reader.js';
import type { PdfPageArgs, ReadArgs } from './document-work.tasks.js';

/** The document work the WorkPool runs in its threads (document-work.tasks.ts). */
const TASKS = new URL('./document-work.tasks.js', import.meta.url);

export const DocumentWork = {
  read: workTask<ReadArgs, ReadDocument>(TASKS, 'read'),
  layoutPdfPage: workTask<PdfPageArgs, PageLayout>(TASKS, 'layoutPdfPage'),
  layoutImage: workTask<{ bytes: Uint8Array; ocr: OcrSettings | null }, PageLayout[]>(TASKS, 'layoutImage'),
  layoutText: workTask<{ page: number; text: string }, PageLayout>(TASKS, 'layoutText'),
  transactionFingerprints: workTask<{ pages: PageLayout[] }, string[]>(TASKS, 'transactionFingerprints'),
};

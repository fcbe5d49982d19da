import type { OnModuleDestroy } from '@nestjs/common';
import { loadImage } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import type { OcrPort, OcrReading } from '../layout/pdf-layout.js';
import { runsFromBlocks } from './ocr-words.js';
import { OCR_SCALE, prepareForOcr } from './page-prep.js';
import { renderPdfPage } from './page-raster.js';

export interface OcrSettings {
  /** Most scanned pages read in one document (OCR_MAX_PAGES). */
  maxPages: number;
  /** Pixels per PDF point when a page is rasterised (OCR_RENDER_SCALE). */
  renderScale: number;
}

/** One page that takes longer than this is abandoned and the worker replaced: a wedged WASM worker would otherwise hold the job's lease for ever. */
const PAGE_TIMEOUT_MS = 120_000;

/**
 * The English model shipped in @tesseract.js-data/eng (LSTM, integer-quantised "best"): read from
 * node_modules, so OCR never downloads anything at run time.
 */
function englishModelDirectory(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/**
 * The OCR adapter (OcrPort): tesseract.js (Tesseract's LSTM engine compiled to WebAssembly, running
 * in a worker thread) over pages rasterised by pdf.js. One Tesseract worker per process, created on
 * first use (a process that never meets a scan never loads the model) and reused; calls are read
 * one at a time, since the worker is one thread and the job runner decides the concurrency.
 * Terminated when the application shuts down.
 */
export class TesseractOcr implements OcrPort, OnModuleDestroy {
  private worker?: Promise<Worker>;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly settings: OcrSettings) {}

  get maxPagesPerDocument(): number {
    return this.settings.maxPages;
  }

  async recognizePdfPage(pdfBytes: Uint8Array, page: number): Promise<OcrReading> {
    // A scanned picture is rendered at its own resolution up to OCR_SCALE (more adds no strokes),
    // then prepared (turned level, resampled up to OCR_SCALE, paper evened out: page-prep.ts).
    const raster = await renderPdfPage(pdfBytes, page, this.settings.renderScale, Math.max(this.settings.renderScale, OCR_SCALE));
    const prepared = await prepareForOcr(raster.png, raster.scale);
    // The raster's true resolution, so that Tesseract does not have to guess it from the glyphs.
    return this.read(prepared.image, prepared.scale, Math.round(72 * prepared.scale));
  }

  async recognizeImage(image: Uint8Array): Promise<OcrReading & { width: number; height: number }> {
    const { width, height } = await loadImage(Buffer.from(image));
    return { ...(await this.read(image, 1)), width, height };
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.then((started) => started.terminate()).catch(() => undefined);
  }

  private read(image: Uint8Array, pixelsPerUnit: number, dpi?: number): Promise<OcrReading> {
    const reading = this.queue.then(() => this.readNow(image, pixelsPerUnit, dpi));
    this.queue = reading.catch(() => undefined);
    return reading;
  }

  private async readNow(image: Uint8Array, pixelsPerUnit: number, dpi?: number): Promise<OcrReading> {
    const worker = await this.started();
    await worker.setParameters({ user_defined_dpi: dpi ? String(dpi) : '' });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`OCR of one page took longer than ${PAGE_TIMEOUT_MS / 1000} s`)), PAGE_TIMEOUT_MS);
    });
    try {
      const { data } = await Promise.race([worker.recognize(Buffer.from(image), {}, { blocks: true, text: false }), timeout]);
      return { runs: runsFromBlocks(data.blocks, pixelsPerUnit), confidence: Math.round(data.confidence) / 100 };
    } catch (error) {
      await this.onModuleDestroy(); // a fresh worker for the next page
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private started(): Promise<Worker> {
    this.worker ??= createWorker('eng', OEM.LSTM_ONLY, { langPath: englishModelDirectory(), gzip: true, cacheMethod: 'none' }).catch((error: unknown) => {
      this.worker = undefined;
      throw error;
    });
    return this.worker;
  }
}

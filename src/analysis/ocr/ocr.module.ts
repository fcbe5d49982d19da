import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { OCR_PORT } from '../analysis-engine.port.js';
import { TesseractOcr } from './tesseract-ocr.js';

export { OCR_PORT };
export type { OcrPort } from '../layout/pdf-layout.js';

/**
 * Provides OCR_PORT: the tesseract.js adapter, or null when OCR_ENABLED=false (inject it with
 * @Optional(); without OCR, scanned pages stay empty and are reported as image only). The adapter
 * loads nothing until the first scan, so importing this module costs nothing on the request path.
 */
@Module({
  providers: [
    {
      provide: OCR_PORT,
      inject: [AppConfig],
      useFactory: ({ ocr }: AppConfig) => (ocr.enabled ? new TesseractOcr({ maxPages: ocr.maxPages, renderScale: ocr.renderScale }) : null),
    },
  ],
  exports: [OCR_PORT],
})
export class OcrModule {}

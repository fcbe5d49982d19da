import multipart, { type MultipartFile } from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setImmediate } from 'node:timers/promises';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { AppException, InvalidInputException } from '../common/errors/app.exception.js';
import { ProblemExceptionFilter } from '../web/problem-exception.filter.js';
import { AppConfig } from '../config/app-config.js';
import { DocumentsService } from './documents.service.js';
import type { DocumentResult } from './dto/submit-documents.dto.js';
import { unstorableTextReason } from '../common/validation/storable-input.js';
import { uploadResultsPage } from './upload-form-page.js';
import { UploadFormsService } from './upload-forms.service.js';

export const UPLOAD_PATH_PREFIX = '/uploads/';
export const UPLOAD_FORM_PATH_PREFIX = '/upload/';

/**
 * Reads a multipart body. busboy's faults (a truncated body, a malformed part header) are the
 * client's: they become a 400, while the multipart plugin's own limits keep their status.
 */
async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppException || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new InvalidInputException('The multipart/form-data body is malformed or truncated; send each file in a part named "file".');
  }
}

/**
 * A file name from a multipart part, or undefined when the part names none: browsers send `""` for
 * an empty file input, and `.` names nothing either. Data from the body like any other, so the
 * same text rule holds.
 */
function partFileName(fileName: string | undefined): string | undefined {
  const name = fileName?.trim();
  if (!name || name === '.' || name === '..') return undefined;
  const reason = unstorableTextReason(name);
  if (reason) throw new InvalidInputException(`Invalid input. file name: ${reason}.`);
  return name;
}

/**
 * Every part of a multipart body, each consumed: a file part left unread stops the parser, and the
 * request would never be answered. `onFile` takes the file parts named "file"; any other part is
 * read to its end and dropped, and its field name listed for the refusal of a body without a file.
 */
async function eachFilePart(request: FastifyRequest, onFile: (file: MultipartFile) => Promise<void>): Promise<{ files: number; others: string[] }> {
  let files = 0;
  const others: string[] = [];
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    const next = await readMultipart(() => parts.next());
    if (next.done) break;
    const part = next.value;
    if (part.type === 'file' && part.fieldname === 'file') {
      files++;
      await onFile(part);
      continue;
    }
    others.push(part.fieldname);
    if (part.type === 'file') await readMultipart(() => part.toBuffer());
  }
  return { files, others };
}

/** A multipart file's bytes (collectBody), or 413 when the multipart limit cut it short. */
async function readFilePart(file: MultipartFile, maxBytes: number): Promise<Buffer> {
  const bytes = await readMultipart(() => collectBody(file.file, maxBytes, file.filename || undefined));
  if (file.file.truncated) throw new AppException({ status: 413, detail: `${file.filename || 'The file'}: the file is larger than ${maxBytes} bytes.` });
  return bytes;
}

function noFilePart(others: string[]): InvalidInputException {
  const got = others.length > 0 ? ` (it had ${others.map((name) => `"${name}"`).join(', ')})` : '';
  return new InvalidInputException(`The multipart body needs the file in a field named "file"${got}.`);
}

/** How the plain form's result page describes a stored document. */
function outcomeOf(document: DocumentResult): string {
  if (document.pageCount === undefined) return `${document.status}, still being read`;
  return `${document.status}, ${document.pageCount} page${document.pageCount === 1 ? '' : 's'}`;
}

/** How much of a body is joined between two turns of the event loop. */
const JOIN_SLICE_BYTES = 1_048_576;

/**
 * A body (or a multipart file) read as its chunks come, then joined a megabyte at a time with a
 * turn of the event loop between: Buffer.concat of a 20 MB upload held the loop for 150-220 ms on
 * this machine, while other callers waited. Past `maxBytes` it is a 413, and reading stops.
 */
async function collectBody(stream: AsyncIterable<Buffer>, maxBytes: number, fileName = 'the file'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > maxBytes) throw new AppException({ status: 413, detail: `${fileName}: the file is larger than ${maxBytes} bytes.` });
    chunks.push(chunk);
  }
  const joined = Buffer.allocUnsafe(size);
  let at = 0;
  let sinceTurn = 0;
  for (const chunk of chunks) {
    chunk.copy(joined, at);
    at += chunk.length;
    sinceTurn += chunk.length;
    if (sinceTurn >= JOIN_SLICE_BYTES) {
      sinceTurn = 0;
      await setImmediate();
    }
  }
  return joined;
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.includes('application/json');
}

/**
 * The upload URLs: `PUT /uploads/:token` with the raw bytes, or `POST` as multipart/form-data
 * (field "file"). Registered as a Fastify plugin of their own, so that their body parsers (any
 * media type, multipart, DOCUMENT_MAX_BYTES) apply to these routes only. The token is the
 * credential: no bearer token, and CORS is open, so that an MCP App frame can upload too.
 */
export async function installDocumentUploadRoutes(app: NestFastifyApplication): Promise<void> {
  const documents = app.get(DocumentsService);
  const forms = app.get(UploadFormsService);
  const { maxBytes } = app.get(AppConfig).documents;
  // Routes outside Nest's router still answer errors through the one exception filter.
  const filter = new ProblemExceptionFilter(app.get(AppConfig));
  await app.register(async (scope: FastifyInstance) => {
    scope.setErrorHandler((error, request, reply) => filter.catch(error, new ExecutionContextHost([request, reply])));
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 20, fields: 10, parts: 30 }, throwFileSizeLimit: true });
    scope.removeContentTypeParser(['application/json', 'text/plain']);
    scope.addContentTypeParser('*', async (request: FastifyRequest, payload: AsyncIterable<Buffer>) => {
      const declared = Number(request.headers['content-length']);
      if (declared > maxBytes) throw new AppException({ status: 413, detail: `The file is larger than ${maxBytes} bytes.` });
      return collectBody(payload, maxBytes);
    });
    const token = (request: FastifyRequest) => (request.params as { token: string }).token;
    const queryFileName = (request: FastifyRequest) => {
      const value = (request.query as { fileName?: unknown }).fileName;
      return typeof value === 'string' && value.length > 0 && value.length <= 255 ? value : undefined;
    };

    scope.put(`${UPLOAD_PATH_PREFIX}:token`, async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new InvalidInputException('Send the file bytes as the request body.');
      return documents.completeUpload(token(request), request.body, { fileName: queryFileName(request), mimeType: request.headers['content-type'] });
    });

    scope.post(`${UPLOAD_PATH_PREFIX}:token`, async (request) => {
      if (!request.isMultipart()) throw new InvalidInputException('POST the file as multipart/form-data in a field named "file", or PUT the raw bytes.');
      let upload: { bytes: Buffer; fileName?: string; mimeType: string } | undefined;
      const { others } = await eachFilePart(request, async (file) => {
        const bytes = await readFilePart(file, maxBytes);
        // One file per link: a second part named "file" is read and dropped.
        upload ??= { bytes, fileName: partFileName(file.filename), mimeType: file.mimetype };
      });
      if (!upload) throw noFilePart(others);
      return documents.completeUpload(token(request), upload.bytes, { fileName: upload.fileName ?? queryFileName(request), mimeType: upload.mimeType });
    });

    // The hosted upload page posts here: one file per request from its script, every chosen file
    // at once from the plain form (answered with an HTML page when the browser asked for one).
    scope.post(`${UPLOAD_FORM_PATH_PREFIX}:token/files`, async (request, reply) => {
      const { form } = await forms.resolve(token(request));
      if (!request.isMultipart()) throw new InvalidInputException('POST the files as multipart/form-data in fields named "file".');
      const results: { fileName: string; document?: DocumentResult; error?: string }[] = [];
      await eachFilePart(request, async (file) => {
        const bytes = await readFilePart(file, maxBytes);
        // An empty file input of the plain form sends a part with no name and no bytes: nothing chosen.
        const fileName = partFileName(file.filename);
        if (!fileName) return;
        try {
          results.push({ fileName, document: await forms.upload(form, bytes, { fileName, mimeType: file.mimetype }) });
        } catch (error) {
          if (!(error instanceof AppException) || error.status >= 500 || results.length === 0) throw error;
          results.push({ fileName, error: error.detail ?? error.title });
        }
      });
      if (results.length === 0) throw new InvalidInputException('Choose at least one file.');
      if (wantsHtml(request)) {
        const lines = results.map((result) => ({
          fileName: result.fileName,
          outcome: result.document ? outcomeOf(result.document) : `refused: ${result.error}`,
        }));
        return reply
          .status(200)
          .header('content-type', 'text/html; charset=utf-8')
          .send(uploadResultsPage(lines, `${UPLOAD_FORM_PATH_PREFIX}${token(request)}`));
      }
      const refused = results.find((result) => result.error);
      if (refused && results.length === 1) throw new InvalidInputException(refused.error!);
      return {
        documents: results.flatMap((result) => (result.document ? [result.document] : [])),
        refused: results.flatMap((result) => (result.error ? [{ fileName: result.fileName, reason: result.error }] : [])),
      };
    });
  });
}

import { html, renderPage, SafeHtml } from '../web/html.js';

/** The MCP Apps view of display_upload_documents_form (SEP-1865, `@modelcontextprotocol/ext-apps`). */
export const UPLOAD_FORM_RESOURCE_URI = 'ui://underwriting/upload-documents.html';
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';
const MCP_APPS_PROTOCOL_VERSION = '2026-01-26';

/**
 * The page's behaviour, vanilla JavaScript: each chosen or dropped file is posted on its own with
 * a progress bar and its result. Without JavaScript the form still posts every chosen file. As an
 * MCP App (no endpoint in the markup), it greets the host (`ui/initialize`) and takes the upload
 * endpoint from the tool result the host passes on.
 */
const SCRIPT = `(() => {
  const form = document.getElementById('upload-form');
  const input = document.getElementById('file');
  const zone = document.getElementById('dropzone');
  const results = document.getElementById('results');
  const waiting = document.getElementById('waiting');
  let endpoint = form.getAttribute('action');

  function show() {
    form.hidden = !endpoint;
    if (waiting) waiting.hidden = Boolean(endpoint);
  }

  function upload(file) {
    const item = document.createElement('li');
    const label = document.createElement('span');
    const bar = document.createElement('progress');
    label.textContent = file.name + ': uploading';
    bar.max = 100;
    bar.value = 0;
    bar.setAttribute('aria-label', 'Upload of ' + file.name);
    item.append(label, ' ', bar);
    item.dataset.status = 'UPLOADING';
    results.append(item);
    const body = new FormData();
    body.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', endpoint);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) bar.value = Math.round((100 * event.loaded) / event.total);
    });
    request.addEventListener('load', () => {
      let answer = {};
      try { answer = JSON.parse(request.responseText); } catch (error) { answer = {}; }
      if (request.status === 200 && answer.documents && answer.documents[0]) {
        const document = answer.documents[0];
        bar.value = 100;
        label.textContent = file.name + ': ' + document.status + ', ' + document.pageCount + (document.pageCount === 1 ? ' page' : ' pages');
        item.dataset.status = document.status;
        item.dataset.documentId = document.documentId;
      } else {
        label.textContent = file.name + ': ' + (answer.detail || 'the upload failed (' + request.status + ')');
        item.dataset.status = 'ERROR';
      }
    });
    request.addEventListener('error', () => {
      label.textContent = file.name + ': the network failed; try again';
      item.dataset.status = 'ERROR';
    });
    request.send(body);
  }

  function uploadAll(files) {
    Array.from(files).forEach(upload);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    uploadAll(input.files);
    form.reset();
  });
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('over');
    uploadAll(event.dataTransfer.files);
  });

  if (!endpoint) {
    const replies = new Map();
    window.addEventListener('message', (event) => {
      const message = event.data;
      if (!message || message.jsonrpc !== '2.0') return;
      if (message.id !== undefined && replies.has(message.id)) {
        replies.get(message.id)(message);
        replies.delete(message.id);
        return;
      }
      const result = message.method === 'ui/notifications/tool-result' && message.params && message.params.structuredContent;
      if (result && result.uploadEndpoint) {
        endpoint = result.uploadEndpoint;
        form.setAttribute('action', endpoint);
        show();
      }
    });
    replies.set(1, () => window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} }, '*'));
    window.parent.postMessage({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: { protocolVersion: '${MCP_APPS_PROTOCOL_VERSION}', appInfo: { name: 'upload-documents', version: '1.0.0' }, appCapabilities: {} } }, '*');
  }
  show();
})();`;

const STYLE = `#dropzone{border:2px dashed #8a94a6;border-radius:.5rem;padding:2rem;text-align:center;margin:1rem 0}
#dropzone.over{border-color:#1f6feb;background:#eef4ff}#results{padding-left:1.25rem}progress{vertical-align:middle}`;

export interface UploadFormView {
  /** Where files go; absent in the MCP App, which learns it from the tool result. */
  endpoint?: string;
  expiresAt?: Date;
  workspaceName?: string;
  documentType?: string;
  nonce: string;
}

/** The upload page: drag-and-drop, a progress bar and the result per file, usable without JavaScript. */
export function uploadFormPage(view: UploadFormView): string {
  return renderPage({
    title: 'Upload documents',
    body: html`<style>${new SafeHtml(STYLE)}</style>
<h1>Upload documents</h1>
${view.workspaceName ? html`<p>For the deal workspace <strong>${view.workspaceName}</strong>${view.documentType ? html` as <code>${view.documentType}</code>` : ''}.</p>` : ''}
<p>PDF, DOCX, XLSX, CSV or plain text. Each file is stored, its pages counted and its text read for the analysis tools.</p>
${view.expiresAt ? html`<p>This link works until ${view.expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC.</p>` : ''}
<p id="waiting"${view.endpoint ? html` hidden` : ''}>Waiting for the upload link from the assistant…</p>
<form id="upload-form" method="post"${view.endpoint ? html` action="${view.endpoint}"` : ''} enctype="multipart/form-data">
<div id="dropzone">
<p>Drop files here, or</p>
<label for="file">Choose files</label>
<input id="file" name="file" type="file" multiple accept=".pdf,.docx,.xlsx,.csv,.txt,application/pdf,text/plain,text/csv">
</div>
<button type="submit">Upload</button>
</form>
<h2>Uploaded</h2>
<ul id="results" aria-live="polite"></ul>`,
    script: { nonce: view.nonce, source: SCRIPT },
  });
}

/** What the page answers a form posted without JavaScript. */
export function uploadResultsPage(results: { fileName: string; outcome: string }[], backTo: string): string {
  return renderPage({
    title: 'Upload results',
    body: html`<h1>Upload results</h1>
<ul>${results.map((result) => html`<li>${result.fileName}: ${result.outcome}</li>`)}</ul>
<p><a href="${backTo}">Upload more</a></p>`,
  });
}

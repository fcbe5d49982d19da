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
  document.documentElement.classList.add('js');
  const form = document.getElementById('upload-form');
  const input = document.getElementById('file');
  const zone = document.getElementById('dropzone');
  const results = document.getElementById('results');
  const empty = document.getElementById('empty');
  const waiting = document.getElementById('waiting');
  let endpoint = form.getAttribute('action');

  function show() {
    form.hidden = !endpoint;
    if (waiting) waiting.hidden = Boolean(endpoint);
  }

  function upload(file) {
    const item = document.createElement('li');
    const name = document.createElement('span');
    const state = document.createElement('span');
    const bar = document.createElement('progress');
    const separator = document.createElement('span');
    name.className = 'name';
    name.textContent = file.name;
    separator.className = 'visually-hidden';
    separator.textContent = ': ';
    state.className = 'state';
    state.textContent = 'uploading';
    bar.max = 100;
    bar.value = 0;
    bar.setAttribute('aria-label', 'Upload of ' + file.name);
    item.append(name, separator, state, bar);
    item.dataset.status = 'UPLOADING';
    results.append(item);
    empty.hidden = true;
    const fail = (reason) => {
      bar.remove();
      state.textContent = 'refused: ' + reason;
      item.dataset.status = 'ERROR';
    };
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
        state.textContent = document.pageCount === undefined ? document.status + ', still being read' : document.status + ', ' + document.pageCount + (document.pageCount === 1 ? ' page' : ' pages');
        item.dataset.status = document.status;
        item.dataset.documentId = document.documentId;
      } else {
        // The service names the file in its reason; the row already does.
        const detail = answer.detail ? String(answer.detail).replace(file.name + ': ', '') : 'the upload failed (' + request.status + ')';
        fail(detail);
      }
    });
    request.addEventListener('error', () => fail('the network failed; try again'));
    request.send(body);
  }

  function uploadAll(files) {
    Array.from(files).forEach(upload);
  }

  // Chosen files go at once, as dropped ones do; the Upload button is for the page without JavaScript.
  input.addEventListener('change', () => {
    uploadAll(input.files);
    form.reset();
  });
  form.addEventListener('submit', (event) => event.preventDefault());
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

/** An upward arrow into a tray: what the drop zone is for, at a glance. */
const UPLOAD_ICON = new SafeHtml(
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="M12 15V4m0 0L7.5 8.5M12 4l4.5 4.5"/><path d="M4 14v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4"/></svg>',
);

export interface UploadFormView {
  /** Where files go; absent in the MCP App, which learns it from the tool result. */
  endpoint?: string;
  expiresAt?: Date;
  workspaceName?: string;
  documentType?: string;
  nonce: string;
}

/**
 * The upload page: a drop zone (which is also the file input's label), a row per file with its
 * progress and then its result or the reason it was refused; without JavaScript, a plain form.
 * The MCP App view (no endpoint) carries its styles inline: the host frames it, not our origin.
 */
export function uploadFormPage(view: UploadFormView): string {
  return renderPage({
    title: 'Upload documents',
    inlineStyles: !view.endpoint,
    body: html`<h1>Upload documents</h1>
${view.workspaceName ? html`<p>For the deal workspace <strong>${view.workspaceName}</strong>${view.documentType ? html` as <code>${view.documentType}</code>` : ''}.</p>` : ''}
<p>Each file is stored in your account, its pages counted and its text read for the analysis tools.</p>
<p id="waiting"${view.endpoint ? html` hidden` : ''} role="status">Waiting for the upload link from the assistant…</p>
<form id="upload-form" method="post"${view.endpoint ? html` action="${view.endpoint}"` : ''} enctype="multipart/form-data">
<label id="dropzone" class="dropzone" for="file">${UPLOAD_ICON}
<strong>Drop files here or choose files</strong>
<span class="muted" id="file-types">PDF, DOCX, PPTX, XLSX, CSV, plain text, PNG or JPEG; several at once</span>
<input id="file" name="file" type="file" multiple aria-describedby="file-types" accept=".pdf,.docx,.pptx,.xlsx,.csv,.txt,.png,.jpg,.jpeg,application/pdf,text/plain,text/csv,image/png,image/jpeg">
</label>
<button type="submit">Upload</button>
</form>
${view.expiresAt ? html`<p class="muted">This link works until ${view.expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC.</p>` : ''}
<h2>Files</h2>
<p id="empty" class="empty">No files yet. Each file you add appears here with its progress, then its page count or the reason it was refused.</p>
<ul id="results" class="files" aria-live="polite"></ul>`,
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

import { html, renderPage, SafeHtml } from '../../web/html.js';
import type { SetupPageView } from './payment-setup.service.js';

/** JSON inside a <script> element: `<` escaped, so that no `</script>` can end it early. */
function scriptJson(value: unknown): SafeHtml {
  return new SafeHtml(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)).replace(/</g, '\\u003c'));
}

const SCRIPT = `(() => {
  const status = document.getElementById('status');
  const say = (text, state) => { status.textContent = text; status.dataset.state = state; };
  const walletButton = document.getElementById('wallet-button');
  if (walletButton) {
    const template = JSON.parse(document.getElementById('wallet-data').textContent);
    walletButton.addEventListener('click', async () => {
      if (!window.ethereum) return say('No browser wallet was found. Install one, or use a card.', 'error');
      try {
        say('Waiting for the wallet…', 'working');
        const [from] = await window.ethereum.request({ method: 'eth_requestAccounts' });
        const typed = {
          types: Object.assign({ EIP712Domain: [
            { name: 'name', type: 'string' }, { name: 'version', type: 'string' },
            { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }] }, template.types),
          primaryType: template.primaryType,
          domain: template.domain,
          message: Object.assign({}, template.message, { from }),
        };
        const signature = await window.ethereum.request({ method: 'eth_signTypedData_v4', params: [from, JSON.stringify(typed)] });
        const response = await fetch(template.submitPath, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ domain: typed.domain, message: typed.message, signature }) });
        const answer = await response.json().catch(() => ({}));
        if (response.ok) say('Done: the budget is authorized. You can close this page.', 'complete');
        else say('Refused: ' + (answer.detail || response.status), 'refused');
      } catch (error) {
        say('The wallet did not sign: ' + (error && error.message ? error.message : error), 'error');
      }
    });
  }
  const sandboxButton = document.getElementById('sandbox-button');
  if (sandboxButton) {
    sandboxButton.addEventListener('click', async () => {
      say('Authorizing…', 'working');
      const response = await fetch(sandboxButton.dataset.submitPath, { method: 'POST', headers: { accept: 'application/json' } }).catch(() => null);
      const answer = response ? await response.json().catch(() => ({})) : {};
      if (response && response.ok) say('Done: the sandbox budget is authorized. You can close this page.', 'complete');
      else say('Refused: ' + (answer.detail || (response ? response.status : 'the service could not be reached')), 'refused');
    });
  }
  const card = document.getElementById('card-data');
  if (card && window.Stripe) {
    const settings = JSON.parse(card.textContent);
    const stripe = window.Stripe(settings.publishableKey);
    const elements = stripe.elements({ clientSecret: settings.clientSecret });
    elements.create('payment').mount('#card-element');
    document.getElementById('card-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      say('Confirming the card…', 'working');
      const { error } = await stripe.confirmSetup({ elements, redirect: 'if_required' });
      say(error ? 'Refused: ' + error.message : 'Done: the card is authorized. You can close this page.', error ? 'refused' : 'complete');
    });
  }
})();`;

/** The hosted payment setup page: the budget, then a card form (Stripe Elements) and/or a wallet button, or the sandbox's one button. */
export function paymentSetupPage(view: SetupPageView, nonce: string): string {
  return renderPage({
    title: 'Authorize a monthly budget',
    body: html`<h1>Authorize a monthly budget of $${view.budgetUsd.toFixed(2)}</h1>
<p>Metered underwriting tools beyond the free amount are charged per call within this budget; nothing is charged now. This page works until ${view.expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC.</p>
${
  view.card
    ? html`<h2>Card</h2>
<form id="card-form"><div id="card-element"></div><button type="submit">Authorize card</button></form>
<script type="application/json" id="card-data">${scriptJson({ publishableKey: view.card.publishableKey, clientSecret: view.card.clientSecret })}</script>
<script src="${view.card.scriptUrl}" nonce="${nonce}"></script>`
    : ''
}
${
  view.wallet
    ? html`<h2>Wallet</h2>
<p>Sign one USDC authorization (EIP-3009) for up to $${view.budgetUsd.toFixed(2)}. Nothing moves until a call is charged; the service never holds your keys.</p>
<button type="button" id="wallet-button">Authorize with wallet</button>
<script type="application/json" id="wallet-data">${scriptJson({ ...view.wallet.typedDataTemplate, submitPath: view.wallet.submitPath })}</script>`
    : ''
}
${
  view.sandbox
    ? html`<h2>Sandbox</h2>
<p role="note"><strong>No money moves.</strong> This service has no card or wallet rail configured, so it offers a sandbox for trying the payment loop: calls are charged against this budget on paper only, and nothing is ever collected.</p>
<button type="button" id="sandbox-button" data-submit-path="${view.sandbox.submitPath}">Authorize sandbox budget</button>`
    : ''
}
<p id="status" role="status" aria-live="polite"></p>`,
    script: { nonce, source: SCRIPT },
  });
}

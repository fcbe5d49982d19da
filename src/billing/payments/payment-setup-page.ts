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
      if (!window.ethereum) return say(document.getElementById('card-form') ? 'No browser wallet was found: pay by card above, or install a wallet and reload this page.' : 'No browser wallet was found: install one (a browser extension such as MetaMask) and reload this page.', 'error');
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

const usd = (amount: number): string => `$${amount.toFixed(2)}`;

/**
 * The hosted payment setup page: who pays, the budget and what will be charged in plain words,
 * then a card form (Stripe Elements) and/or a wallet button, or the sandbox's one button.
 */
export function paymentSetupPage(view: SetupPageView, nonce: string): string {
  const budget = usd(view.budgetUsd);
  const rails = [view.card && 'card', view.wallet && 'USDC from a crypto wallet'].filter(Boolean).join(' or ');
  return renderPage({
    title: 'Set a monthly budget',
    body: html`<h1>Set a monthly budget of ${budget}</h1>
<p>An AI agent working in this account asked to use paid underwriting tools beyond the free amount. Nothing is charged now.</p>
<dl class="facts">
<dt>Account that pays</dt><dd>${view.payer.accountName}${view.payer.firmName ? html` <span class="muted">(for the firm <q>${view.payer.firmName}</q>, whose members share this budget)</span>` : ''}</dd>
<dt>Budget</dt><dd>Up to ${budget} each calendar month</dd>
<dt>What is charged</dt><dd>Each tool call beyond the free amount, at its listed price; never more than ${budget} in a month</dd>
<dt>Paid by</dt><dd>${rails}</dd>
<dt>This page works until</dt><dd>${view.expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC</dd>
</dl>
${
  view.card
    ? html`<section class="rail" aria-labelledby="card-heading"><h2 id="card-heading">Pay by card</h2>
<p>Your card is saved with Stripe, the payment processor. At the end of each month, the calls of that month are charged to it in one payment.</p>
<form id="card-form"><div id="card-element"></div><button type="submit">Authorize card</button></form>
<script type="application/json" id="card-data">${scriptJson({ publishableKey: view.card.publishableKey, clientSecret: view.card.clientSecret })}</script>
<script src="${view.card.scriptUrl}" nonce="${nonce}"></script></section>`
    : ''
}
${
  view.wallet
    ? html`<section class="rail" aria-labelledby="wallet-heading"><h2 id="wallet-heading">Pay with a crypto wallet (USDC)</h2>
<p>Your wallet signs one permission to take up to ${budget} in USDC (EIP-3009); signing costs nothing. The amount moves when the first call is charged, and what is not spent is sent back when the budget ends. The service never holds your keys.</p>
<button type="button" id="wallet-button"${view.card ? html` class="secondary"` : ''}>Authorize with wallet</button>
<script type="application/json" id="wallet-data">${scriptJson({ ...view.wallet.typedDataTemplate, submitPath: view.wallet.submitPath })}</script></section>`
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

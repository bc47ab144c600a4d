/**
 * What the sandbox's hosted pages (crypto, card, PayPal) share: HTML
 * escaping and the one script behind their outcome buttons. A page names
 * where the buttons post (`data-simulate`) and what the status line says
 * while they do (`data-pending`); a payer name typed in `#payer-name` (card
 * and PayPal) is sent along, as the real provider would report it.
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const HOSTED_BUTTONS_SCRIPT = `document.querySelectorAll('button[data-outcome]').forEach(function (button) {
  button.addEventListener('click', async function () {
    var status = document.getElementById('status');
    document.querySelectorAll('button').forEach(function (b) { b.disabled = true; });
    status.textContent = document.body.dataset.pending || 'Processing...';
    var payer = document.getElementById('payer-name');
    try {
      var res = await fetch(document.body.dataset.simulate, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome: button.dataset.outcome, payerName: payer ? payer.value : undefined })
      });
      var body = await res.json();
      if (!res.ok) throw new Error(body.message || 'Simulation failed');
      status.textContent = 'Done. Returning to the shop...';
      window.location.assign(body.redirectUrl);
    } catch (err) {
      status.textContent = err.message;
      document.querySelectorAll('button').forEach(function (b) { b.disabled = false; });
    }
  });
});`;

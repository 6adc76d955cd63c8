/*
 * Stand-in for Razorpay's checkout.js, served at /razorpay/checkout.js by the local stack.
 *
 * Defines `window.Razorpay` with the parts of the real API the site uses: `new Razorpay(options)`,
 * `.on('payment.failed', fn)`, `.open()`, `.close()`, `options.handler`, `options.modal.ondismiss`,
 * `options.prefill.email` and `options.theme.color`. Its modal offers Pay, Fail and Close; Pay and
 * Fail go through POST /razorpay/test/pay, which also sends the signed webhooks like Razorpay.
 * Like the real checkout, a failed attempt calls the 'payment.failed' listeners, and only a
 * player's own Close calls `modal.ondismiss`.
 */
(() => {
  const script = document.currentScript;
  const apiOrigin = script?.src ? new URL(script.src).origin : window.location.origin;

  function rupees(paise) {
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 }).format(paise / 100);
  }

  function element(tag, style, text) {
    const node = document.createElement(tag);
    node.setAttribute('style', style);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  class Razorpay {
    constructor(options) {
      if (!options || typeof options.key !== 'string' || options.key.indexOf('rzp_') !== 0) {
        throw new Error('Razorpay: a key id (rzp_test_... or rzp_live_...) is required');
      }
      if (!options.order_id) throw new Error('Razorpay: order_id is required');
      this.options = options;
      this.listeners = {};
      this.overlay = null;
    }

    on(event, listener) {
      this.listeners[event] ??= [];
      this.listeners[event].push(listener);
    }

    close() {
      if (this.overlay) this.overlay.remove();
      this.overlay = null;
    }

    open() {
      if (this.overlay) return;
      const options = this.options;
      const color = options.theme?.color || '#3399cc';
      const email = options.prefill?.email;

      const overlay = element(
        'div',
        'position:fixed;inset:0;z-index:2147483000;background:rgba(15,10,30,.72);display:flex;align-items:center;' +
          'justify-content:center;padding:16px;font-family:system-ui,sans-serif',
      );
      overlay.setAttribute('data-razorpay-checkout', 'test-double');
      const dialog = element(
        'div',
        'background:#fff;color:#1f1d2b;border-radius:12px;width:100%;max-width:360px;' +
          'box-shadow:0 20px 50px rgba(0,0,0,.4);overflow:hidden',
      );
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', 'Razorpay Checkout');
      const header = element('div', `background:${color};color:#fff;padding:16px 20px`);
      header.append(
        element('div', 'font-weight:700;font-size:16px', options.name || 'Checkout'),
        element('div', 'font-size:13px;opacity:.9', options.description || ''),
        element('div', 'font-size:22px;font-weight:700;margin-top:8px', rupees(options.amount || 0)),
      );
      const body = element('div', 'padding:16px 20px;display:grid;gap:10px;font-size:14px');
      body.append(
        element('div', 'font-size:12px;color:#6b6880', 'Test mode: no money moves.'),
        element('div', '', email ? `Paying as ${email}` : 'Paying as guest'),
      );
      const status = element('div', 'min-height:18px;font-size:13px;color:#b42318');
      status.setAttribute('role', 'status');

      const button = (label, style) => {
        const node = element(
          'button',
          `border:0;border-radius:8px;padding:10px 12px;font-size:14px;font-weight:600;cursor:pointer;${style}`,
          label,
        );
        node.type = 'button';
        return node;
      };
      const pay = button('Pay', `background:${color};color:#fff`);
      const fail = button('Fail', 'background:#fee4e2;color:#912018');
      const close = button('Close', 'background:#eeedf3;color:#1f1d2b');
      const actions = element('div', 'display:grid;grid-template-columns:1fr 1fr 1fr;gap:8px');
      actions.append(pay, fail, close);
      body.append(status, actions);
      dialog.append(header, body);
      overlay.append(dialog);
      document.body.append(overlay);
      this.overlay = overlay;
      pay.focus();

      const busy = (value) => {
        pay.disabled = fail.disabled = close.disabled = value;
      };

      const attempt = async (outcome) => {
        busy(true);
        status.textContent = 'Processing…';
        let response;
        let result;
        try {
          response = await fetch(`${apiOrigin}/razorpay/test/pay`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ order_id: options.order_id, outcome: outcome, email: email }),
          });
          result = await response.json();
        } catch (error) {
          busy(false);
          status.textContent = `Could not reach the payment service: ${error.message}`;
          return;
        }
        this.close();
        if (outcome === 'success' && response.ok) {
          if (options.handler) options.handler(result);
        } else {
          for (const listener of this.listeners['payment.failed'] || []) listener(result);
        }
      };

      pay.addEventListener('click', () => void attempt('success'));
      fail.addEventListener('click', () => void attempt('failure'));
      close.addEventListener('click', () => {
        this.close();
        if (options.modal?.ondismiss) options.modal.ondismiss();
      });
    }
  }

  window.Razorpay = Razorpay;
})();

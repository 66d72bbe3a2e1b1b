// The pay page's card form for Stripe, served as `card-form.js` when Stripe takes payments
// (`PAYMENT_PROCESSOR=stripe`).
//
// The card's number never reaches this page or the service: Stripe.js, loaded from Stripe as Stripe
// requires, draws Stripe's Payment Element (cards only) in Stripe's own frame, and turns what the
// patient typed into a ConfirmationToken (`ctoken_…`), which `POST /v1/payment-links/{token}/pay`
// confirms the payment with. When the bank asks the patient to confirm it is them (3-D Secure), the
// pay route answers the payment `requires_action` with its client secret, and `authenticate` lets
// Stripe.js show the bank's check.
//
// Every card form has the shape `test-card-form.js` describes; this one also has `authenticate`.

const STRIPE_JS = 'https://js.stripe.com/v3/';
const STRIPE_ORIGIN = new URL(STRIPE_JS).origin;

/** Stripe's Payment Element, drawn as the pay page draws its own fields (booking.css). */
const APPEARANCE = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#0b5cad',
    colorText: '#1b1f24',
    colorTextSecondary: '#4a5360',
    colorDanger: '#a4262c',
    colorBackground: '#ffffff',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    fontSizeBase: '16px',
    borderRadius: '6px',
    focusOutline: '3px solid #0b5cad',
  },
  rules: { '.Input': { border: '1px solid #7a8594' }, '.Label': { fontWeight: '600' } },
};

const BRANDS = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  eftpos_au: 'eftpos',
};

const element = (tag, properties = {}, ...children) => {
  const made = Object.assign(document.createElement(tag), properties);
  made.append(...children);
  return made;
};

/**
 * The page lets no script load a script from a string (Trusted Types); with Stripe its policy allows
 * one policy, `default`, and this is it: script addresses on Stripe.js's origin, nothing else, and no
 * markup from strings at all. It also covers the scripts Stripe.js itself loads from its origin.
 */
function allowStripeJs() {
  if (!window.trustedTypes || window.trustedTypes.defaultPolicy) return;
  window.trustedTypes.createPolicy('default', {
    createScriptURL(url) {
      if (new URL(url, location.href).origin === STRIPE_ORIGIN) return url;
      throw new TypeError(`Only Stripe.js may be loaded here, not ${url}`);
    },
  });
}

/** Longer than this, and the page says cards cannot be taken rather than say "Loading…" for ever. */
const STRIPE_JS_TIMEOUT_MS = 20_000;

let loading = null;
/** `window.Stripe`, once Stripe.js has loaded from Stripe; it is loaded once. */
function stripeJs() {
  loading ??= new Promise((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe);
    setTimeout(() => reject(new Error('Stripe.js took too long to load')), STRIPE_JS_TIMEOUT_MS);
    allowStripeJs();
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.addEventListener('load', () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load'))));
    script.addEventListener('error', () => reject(new Error('Stripe.js did not load')));
    document.head.append(script);
  });
  return loading;
}

/** "Visa ending 4242", from a ConfirmationToken's preview of its card. */
function labelOf(confirmationToken) {
  const card = confirmationToken.payment_method_preview?.card;
  if (!card) return null;
  const brand = BRANDS[card.brand] ?? (card.brand ? card.brand[0].toUpperCase() + card.brand.slice(1) : 'Card');
  return `${brand} ending ${card.last4}`;
}

/**
 * Fills `container` with Stripe's card fields for paying `link` (its amount and currency, and the
 * platform's `stripePublishableKey`). Rejects when Stripe.js cannot be had: the page then says cards
 * cannot be taken.
 */
export async function mountCardForm(container, link) {
  if (!link.stripePublishableKey) throw new Error('No Stripe publishable key');
  const Stripe = await stripeJs();
  const stripe = Stripe(link.stripePublishableKey);
  const elements = stripe.elements({
    mode: 'payment',
    amount: link.amount,
    currency: link.currency.toLowerCase(),
    paymentMethodTypes: ['card'],
    appearance: APPEARANCE,
  });
  const error = element('p', { className: 'error', id: 'card-error' });
  error.setAttribute('role', 'alert');
  const fields = element('div', { className: 'stripe-fields', id: 'stripe-fields' });
  const fieldset = element('fieldset', { className: 'card-form' }, element('legend', { textContent: 'Card' }), error, fields);
  container.replaceChildren(fieldset);

  const paymentElement = elements.create('payment', { layout: 'tabs', wallets: { applePay: 'never', googlePay: 'never' } });
  paymentElement.on('loaderror', () => show('Card payments cannot be taken on this page at the moment. Please contact the clinic.'));
  paymentElement.on('change', () => show(''));
  paymentElement.mount(fields);

  function show(message) {
    error.textContent = message;
  }

  return {
    /** The ConfirmationToken of the card typed in, or `null` once the form says what to fix. */
    async chosen() {
      show('');
      const submitted = await elements.submit();
      if (submitted.error) {
        show(submitted.error.message);
        paymentElement.focus();
        return null;
      }
      const { error: refused, confirmationToken } = await stripe.createConfirmationToken({ elements });
      if (refused) {
        show(refused.message);
        paymentElement.focus();
        return null;
      }
      return { body: { confirmationTokenId: confirmationToken.id }, label: labelOf(confirmationToken) };
    },

    /**
     * The bank's check (3-D Secure) of a payment that `requires_action`, in Stripe's own window over
     * the page. Resolves to whether the patient passed it; either way Stripe then tells the service.
     */
    async authenticate(clientSecret) {
      const { error } = await stripe.handleNextAction({ clientSecret });
      return !error;
    },
  };
}

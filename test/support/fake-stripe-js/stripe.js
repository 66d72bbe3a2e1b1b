// A fake of Stripe.js (https://js.stripe.com/v3/) for the pay page's browser tests, served in its
// place by test/support/fake-stripe-js.ts: exactly what stripe-card-form.js calls, no more.
//
// Like Stripe's, its Payment Element is a frame on https://js.stripe.com that takes the card number,
// and tells this script of it by postMessage; its 3-D Secure check is a frame on
// https://hooks.stripe.com over the page. So the page's Content-Security-Policy is put to the test
// as Stripe.js would put it. What it was called with is kept in `window.fakeStripe` for the test.
(() => {
  const JS = 'https://js.stripe.com';
  const HOOKS = 'https://hooks.stripe.com';
  /** Stripe's test card numbers this fake knows, and the ConfirmationToken each becomes. */
  const CARDS = window.FAKE_STRIPE_CARDS;

  const calls = (window.fakeStripe = { publishableKeys: [], elementsOptions: [], elementOptions: [], typed: '', tokens: [], nextActions: [] });

  /** Messages from this fake's own frames, by kind; a frame of any other origin is ignored. */
  const listeners = {};
  window.addEventListener('message', (event) => {
    if (event.origin !== JS && event.origin !== HOOKS) return;
    listeners[event.data?.fakeStripe]?.(event.data);
  });

  const integrationError = (message) => Object.assign(new Error(message), { name: 'IntegrationError' });

  window.Stripe = function Stripe(publishableKey) {
    if (!/^pk_(test|live)_\w+$/.test(publishableKey ?? '')) throw integrationError(`Invalid API Key provided: ${publishableKey}`);
    calls.publishableKeys.push(publishableKey);
    let number = '';
    listeners.card = (data) => (number = calls.typed = data.number);

    function elements(options) {
      if (options?.mode !== 'payment' || !Number.isInteger(options.amount) || !options.currency) {
        throw integrationError('elements() in this fake needs mode "payment", an amount and a currency');
      }
      calls.elementsOptions.push(options);
      let frame = null;
      const handlers = {};
      const group = {
        create(type, elementOptions) {
          if (type !== 'payment') throw integrationError(`This fake has no ${type} element`);
          calls.elementOptions.push(elementOptions ?? {});
          return {
            mount(into) {
              const host = typeof into === 'string' ? document.querySelector(into) : into;
              frame = document.createElement('iframe');
              frame.src = `${JS}/fake/payment-element.html#${encodeURIComponent(location.origin)}`;
              frame.title = 'Secure payment input frame';
              frame.setAttribute('allow', 'payment *');
              frame.style.border = '0';
              frame.style.width = '100%';
              frame.style.height = '172px';
              frame.style.display = 'block';
              frame.addEventListener('load', () => handlers.ready?.({ elementType: 'payment' }));
              host.replaceChildren(frame);
            },
            on(event, handler) {
              handlers[event] = handler;
            },
            focus() {
              frame?.focus();
              frame?.contentWindow.postMessage({ fakeStripe: 'focus' }, JS);
            },
            destroy() {
              frame?.remove();
            },
          };
        },
        async submit() {
          if (!number) return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
          return {};
        },
      };
      listeners.change = () => handlers.change?.({ elementType: 'payment', complete: number.length >= 15, empty: number === '' });
      return group;
    }

    async function createConfirmationToken({ elements: group }) {
      if (!group?.submit) throw integrationError('createConfirmationToken needs the elements the Payment Element was made from');
      const card = CARDS[number];
      if (!card) return { error: { type: 'validation_error', code: 'incorrect_number', message: 'Your card number is invalid.' } };
      const confirmationToken = {
        id: card.confirmationTokenId,
        object: 'confirmation_token',
        payment_method_preview: { type: 'card', card: { brand: card.brand, last4: number.slice(-4) } },
      };
      calls.tokens.push(confirmationToken.id);
      return { confirmationToken };
    }

    /** The bank's check, in a frame over the page; resolves once the patient completes or fails it there. */
    function handleNextAction({ clientSecret }) {
      if (!/^pi_\w+_secret_\w+$/.test(clientSecret ?? ''))
        throw integrationError(`Invalid value for handleNextAction: clientSecret should be a client secret, got ${clientSecret}`);
      calls.nextActions.push(clientSecret);
      return new Promise((resolve) => {
        const challenge = document.createElement('iframe');
        challenge.src = `${HOOKS}/fake/three-d-secure.html#${encodeURIComponent(location.origin)}`;
        challenge.title = '3D Secure authentication';
        Object.assign(challenge.style, {
          position: 'fixed',
          inset: '0',
          width: '100%',
          height: '100%',
          border: '0',
          zIndex: '1000',
          background: 'rgba(0,0,0,0.5)',
        });
        document.body.append(challenge);
        challenge.focus();
        listeners.authentication = ({ outcome }) => {
          challenge.remove();
          const id = clientSecret.split('_secret_')[0];
          resolve(
            outcome === 'complete'
              ? { paymentIntent: { id, object: 'payment_intent', status: 'succeeded' } }
              : {
                  error: {
                    type: 'invalid_request_error',
                    code: 'payment_intent_authentication_failure',
                    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
                  },
                },
          );
        };
      });
    }

    return { elements, createConfirmationToken, handleNextAction };
  };
})();

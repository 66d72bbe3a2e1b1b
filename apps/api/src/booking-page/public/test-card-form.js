// The pay page's card form for the test payment processor, served as `card-form.js` only when the
// test processor takes payments.
//
// A real processor's form takes the card number in the processor's own frame and hands the page back
// an id for it. The test processor has no form and never sees a number: it knows a few such ids, its
// test cards. So this form offers those cards by name and says it is a test, rather than ask for a
// card number it would only throw away.
//
// Every card form has this shape: `mountCardForm(container)` fills the container and answers
// `{ chosen() }`, where `chosen()` resolves to `{ body, label }` (what `POST /v1/payment-links/{token}/pay`
// takes, and how the receipt names the card), or to `null` once it has shown the patient what to fix.

/** The test processor's cards (libs/wallet's test payment processor), in the order offered. */
const TEST_CARDS = [
  { paymentMethodId: 'pm_card_visa', label: 'Visa ending 4242' },
  { paymentMethodId: 'pm_card_mastercard', label: 'Mastercard ending 4444' },
  { paymentMethodId: 'pm_card_amex', label: 'American Express ending 8431' },
  { paymentMethodId: 'pm_card_visa_debit', label: 'Visa debit ending 5556' },
  { paymentMethodId: 'pm_card_visa_chargeDeclined', label: 'Visa ending 0341', note: 'The bank declines it' },
];

const element = (tag, properties = {}, ...children) => {
  const made = Object.assign(document.createElement(tag), properties);
  made.append(...children);
  return made;
};

export function mountCardForm(container) {
  const error = element('p', { className: 'error', id: 'card-error' });
  const fieldset = element(
    'fieldset',
    { className: 'card-form' },
    element('legend', { textContent: 'Card' }),
    element('p', {
      className: 'test-mode',
      id: 'test-mode',
      textContent: 'Test mode: no real card is charged here. Choose one of the test cards below.',
    }),
    error,
    element(
      'div',
      { className: 'options' },
      ...TEST_CARDS.map((card, index) => {
        const input = element('input', { type: 'radio', name: 'card', id: `card-${index}`, value: card.paymentMethodId });
        input.setAttribute('aria-describedby', 'card-error');
        const label = element('label', { htmlFor: input.id }, element('span', { className: 'option-name', textContent: card.label }));
        if (card.note) label.append(element('span', { className: 'option-meta', textContent: card.note }));
        return element('div', { className: 'option' }, input, label);
      }),
    ),
  );
  fieldset.setAttribute('aria-describedby', 'test-mode');
  container.replaceChildren(fieldset);
  const radios = [...fieldset.querySelectorAll('input')];
  for (const radio of radios) radio.addEventListener('change', () => show(''));

  function show(message) {
    error.textContent = message;
    for (const radio of radios) radio.setAttribute('aria-invalid', String(message !== ''));
  }

  return {
    async chosen() {
      const card = TEST_CARDS.find((candidate) => candidate.paymentMethodId === radios.find((radio) => radio.checked)?.value);
      if (card) return { body: { paymentMethodId: card.paymentMethodId }, label: card.label };
      show('Choose a card to pay with.');
      radios[0].focus();
      return null;
    },
  };
}

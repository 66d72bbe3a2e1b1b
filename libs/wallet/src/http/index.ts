// The wallet context's cards as other contexts' answers embed them (masked, never a full number).
export { HealthFundCardResponse, MedicareCardResponse, PaymentMethodResponse } from './dto/wallet-card.response.js';

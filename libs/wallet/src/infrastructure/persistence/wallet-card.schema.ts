import { EntitySchema } from '@mikro-orm/core';
import { WalletCard } from '../../domain/wallet-card.js';

export const WalletCardSchema = new EntitySchema<WalletCard>({
  class: WalletCard,
  tableName: 'wallet_cards',
  properties: {
    id: { type: 'uuid', columnType: 'uuid', primary: true },
    organisationId: { type: 'string' },
    clientId: { type: 'uuid', columnType: 'uuid' },
    type: { type: 'string' },
    brand: { type: 'string' },
    last4: { type: 'string' },
    fingerprint: { type: 'string' },
    numberCiphertext: { type: 'string', nullable: true, lazy: true },
    verified: { type: 'boolean' },
    verifiedAt: { type: 'Date', columnType: 'timestamptz(3)', nullable: true },
    details: { type: 'json', columnType: 'jsonb' },
    createdAt: { type: 'Date', columnType: 'timestamptz(3)' },
  },
});

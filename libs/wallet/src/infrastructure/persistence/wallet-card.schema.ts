import { EntitySchema } from '@mikro-orm/core';
import { JSONB, TEXT, TIMESTAMP, UUID } from '@app/shared';
import { WalletCard } from '../../domain/wallet-card.js';

export const WalletCardSchema = new EntitySchema<WalletCard>({
  class: WalletCard,
  tableName: 'wallet_cards',
  properties: {
    id: { ...UUID, primary: true },
    organisationId: TEXT,
    clientId: UUID,
    type: TEXT,
    brand: TEXT,
    last4: TEXT,
    fingerprint: TEXT,
    fingerprintScope: { ...TEXT, default: 'organisation' },
    numberCiphertext: { ...TEXT, nullable: true, lazy: true },
    verified: { type: 'boolean' },
    verifiedAt: { ...TIMESTAMP, nullable: true },
    details: JSONB,
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
});

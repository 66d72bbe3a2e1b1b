import { Injectable } from '@nestjs/common';
import { ClientQueries } from '@app/membership';
import { DirectoryQueries } from '@app/organisations';
import { PractitionerQueries } from '@app/practitioners';
import { WalletCardQueries, type WalletCardType } from '@app/wallet';

/** The parties of a booking, as a charge for it reads them: its client, its business and location, its provider. */
export interface BookedParties {
  clientId: string;
  providerId: string;
  locationId: string;
}

/**
 * What money taken for a booking reads about its parties from the contexts that own them: who is
 * billed at which business, the provider's number that claims are made under, and whose cards pay.
 */
@Injectable()
export class BookingParties {
  constructor(
    private readonly clients: ClientQueries,
    private readonly locations: DirectoryQueries,
    private readonly practitioners: PractitionerQueries,
    private readonly wallet: WalletCardQueries,
  ) {}

  /** The business of the booking's location, and the client's name as the transaction keeps it (an archived client's too: its bookings stay its own). */
  async billing(organisationId: string, booking: BookedParties): Promise<{ businessId: string; clientName: string }> {
    const [client, locations] = await Promise.all([
      this.clients.findClient(organisationId, booking.clientId),
      this.locations.locations(organisationId, [booking.locationId]),
    ]);
    return { businessId: locations.get(booking.locationId)!.businessId, clientName: client ? `${client.firstName} ${client.lastName}` : '' };
  }

  /** The provider's Medicare provider number at the booking's location, if the provider practises there and has one. */
  async providerNumber(organisationId: string, booking: BookedParties): Promise<string | null> {
    const link = await this.practitioners.liveLink(organisationId, booking.providerId, booking.locationId);
    return link?.medicare.providerNumber || null;
  }

  /** Each card named is the booking's client's, of the type its field says: otherwise a 404 or 400 naming the field. */
  assertClientsCards(
    organisationId: string,
    booking: BookedParties,
    cards: { field: string; id: string | null | undefined; type: WalletCardType }[],
  ): Promise<void> {
    return this.wallet.assertCards(organisationId, cards, booking.clientId);
  }
}

import { Injectable } from '@nestjs/common';
import { ClientQueries, type ClientView } from '@app/membership';
import { type Business, DirectoryQueries, type Location } from '@app/organisations';
import { PractitionerQueries, type ProviderView } from '@app/practitioners';
import { type CardView, WalletCardQueries, type WalletCardType } from '@app/wallet';

/** The parties of a booking, as a charge for it reads them: its client, its business and location, its provider. */
export interface BookedParties {
  clientId: string;
  providerId: string;
  locationId: string;
}

/**
 * Everything a check-out shows of its booking's parties, read once for its checks, its transaction,
 * its invoice and its events: the client (an archived one too), the location with its business, the
 * provider with the provider number of its live link at the location.
 */
export interface BookingPartiesRead {
  client: ClientView | null;
  location: Location;
  business: Business;
  provider: ProviderView | null;
  /** Claims are made under it; `null` when the provider has no live link there, or no number. */
  providerNumber: string | null;
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

  /** All of a check-out's parties: one statement for each context that owns some. */
  async read(organisationId: string, booking: BookedParties): Promise<BookingPartiesRead> {
    const [clients, place, provider] = await Promise.all([
      this.clients.findByIds(organisationId, [booking.clientId]),
      this.locations.locationWithBusiness(organisationId, booking.locationId),
      this.practitioners.atLocation(organisationId, booking.providerId, booking.locationId),
    ]);
    return {
      client: clients.get(booking.clientId) ?? null,
      location: place!.location,
      business: place!.business!,
      provider: provider?.provider ?? null,
      providerNumber: provider?.liveLink?.medicare.providerNumber || null,
    };
  }

  /** The business's account at the card processor (Stripe: its connected account), `null` when it has none. */
  async merchantIdOf(businessId: string): Promise<string | null> {
    return (await this.locations.businesses([businessId])).get(businessId)?.merchantId ?? null;
  }

  /**
   * Each card named is the booking's client's, of the type its field says: otherwise a 404 or 400
   * naming the field. Answers the cards, as their answers show them.
   */
  assertClientsCards(
    organisationId: string,
    booking: BookedParties,
    cards: { field: string; id: string | null | undefined; type: WalletCardType }[],
  ): Promise<Map<string, CardView>> {
    return this.wallet.assertCards(organisationId, cards, booking.clientId);
  }
}

/** The client's name as a transaction keeps it. */
export const clientNameOf = (client: { firstName: string; lastName: string } | null): string =>
  client ? `${client.firstName} ${client.lastName}` : '';

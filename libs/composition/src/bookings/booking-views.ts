import { Injectable } from '@nestjs/common';
import type { Expansion } from '@app/shared';
import type { Page, PageRequest } from '@app/shared/domain';
import { DirectoryQueries, OrganisationQueries } from '@app/organisations';
import { PractitionerQueries, type ProviderLocationLink } from '@app/practitioners';
import { type CardView, WalletCardQueries } from '@app/wallet';
import { type TransactionView, TransactionQueries } from '@app/payments-and-claims';
import {
  type Booking,
  type BookingExpansion,
  type BookingFilters,
  BookingQueries,
  type BookingView,
  type CancellationPolicy,
  cancellationPolicyOf,
} from '@app/scheduling';

/** A booking with its parties and every part its answer's expansion asked for. */
export interface ExpandedBookingView extends BookingView {
  paymentMethod?: CardView | null;
  healthFundCard?: CardView | null;
  providerLocationLink?: ProviderLocationLink | null;
  cancellationPolicy?: CancellationPolicy;
  latestTransaction?: TransactionView | null;
}

/**
 * Bookings as their answers show them, composed from the contexts that own each part: scheduling's
 * bookings and parties, and the cards, links, policy settings, businesses and transactions an
 * expansion asks for. One statement per kind of part, whatever the page size.
 */
@Injectable()
export class BookingViews {
  constructor(
    private readonly bookings: BookingQueries,
    private readonly organisations: OrganisationQueries,
    private readonly locations: DirectoryQueries,
    private readonly providers: PractitionerQueries,
    private readonly wallet: WalletCardQueries,
    private readonly transactions: TransactionQueries,
  ) {}

  async list(
    organisationId: string,
    page: PageRequest,
    filters: BookingFilters,
    expansion: Expansion<BookingExpansion>,
    now: Date,
  ): Promise<Page<ExpandedBookingView>> {
    const bookings = await this.bookings.list(organisationId, page, filters);
    return { ...bookings, items: await this.expand(organisationId, bookings.items, expansion, now) };
  }

  async get(
    organisationId: string,
    bookingId: string,
    expansion: Expansion<BookingExpansion>,
    now: Date,
  ): Promise<ExpandedBookingView> {
    const [view] = await this.expand(
      organisationId,
      [await this.bookings.find(organisationId, bookingId)],
      expansion,
      now,
    );
    return view;
  }

  private async expand(
    organisationId: string,
    rows: Booking[],
    expansion: Expansion<BookingExpansion>,
    now: Date,
  ): Promise<ExpandedBookingView[]> {
    if (rows.length === 0) return [];
    const ids = (pick: (row: Booking) => string | null): string[] => {
      const unique = new Set<string>();
      for (const row of rows) {
        const id = pick(row);
        if (id !== null) unique.add(id);
      }
      return [...unique];
    };
    const [views, cards, links, settings, transactions] = await Promise.all([
      this.bookings.withParties(organisationId, rows, expansion),
      expansion.has('paymentMethod') || expansion.has('healthFundCard')
        ? this.wallet.cardsByIds(organisationId, [
            ...(expansion.has('paymentMethod') ? ids((row) => row.paymentMethodId) : []),
            ...(expansion.has('healthFundCard') ? ids((row) => row.healthFundCardId) : []),
          ])
        : undefined,
      expansion.has('providerLocationLink')
        ? this.providers.linksByIds(ids((row) => row.providerLocationLinkId))
        : undefined,
      expansion.has('cancellationPolicy') ? this.organisations.bookingSettings(organisationId) : undefined,
      expansion.has('latestTransaction')
        ? this.transactions.latestOfBookings(
            organisationId,
            rows.map((row) => row.id),
          )
        : undefined,
    ]);
    const businesses = expansion.has('location.business')
      ? await this.locations.businesses(views.flatMap((view) => (view.location ? [view.location.businessId] : [])))
      : undefined;

    // An expansion's key is set only when it was asked for (`undefined`: not expanded, `null`: none).
    return views.map((view: ExpandedBookingView) => {
      const { booking, location } = view;
      if (businesses) view.business = (location && businesses.get(location.businessId)) ?? null;
      if (cards && expansion.has('paymentMethod'))
        view.paymentMethod = (booking.paymentMethodId && cards.get(booking.paymentMethodId)) || null;
      if (cards && expansion.has('healthFundCard'))
        view.healthFundCard = (booking.healthFundCardId && cards.get(booking.healthFundCardId)) || null;
      if (links) view.providerLocationLink = links.get(booking.providerLocationLinkId) ?? null;
      if (settings)
        view.cancellationPolicy = cancellationPolicyOf(
          settings,
          { serviceDate: booking.serviceDate, servicePrice: booking.servicePrice },
          now,
        );
      if (transactions) view.latestTransaction = transactions.get(booking.id) ?? null;
      return view;
    });
  }
}

import type { Expansion } from '@app/shared';
import type { Page, PageRequest } from '@app/shared/domain';
import type { Location } from '@app/organisations';
import type { Provider } from '../domain/provider.js';
import type { ProviderLocationLink } from '../domain/provider-location-link.js';

export type ProviderExpansion = 'locationLinks' | 'locations';

/**
 * A provider as an answer shows it: its mapped columns, the locations it has a live link to (oldest
 * link first), and the parts an expansion asked for.
 */
export type ProviderView = Provider & {
  locationIds: string[];
  locationLinks?: ProviderLocationLink[];
  locations?: Location[];
};

/** What this context's answers and other contexts read of providers and their links. */
export abstract class PractitionerQueries {
  abstract list(
    organisationId: string,
    page: PageRequest,
    options: { includeDeleted: boolean; expansion: Expansion<ProviderExpansion> },
  ): Promise<Page<ProviderView>>;
  abstract get(
    organisationId: string,
    providerId: string,
    expansion: Expansion<ProviderExpansion>,
  ): Promise<ProviderView>;
  /** A provider's links, newest first; archived ones only with `includeDeleted`. Not found: an unknown provider. */
  abstract locationLinks(
    organisationId: string,
    providerId: string,
    page: PageRequest,
    options: { includeDeleted: boolean },
  ): Promise<Page<ProviderLocationLink>>;
  /** Providers by id, without expansions. */
  abstract byIds(organisationId: string, ids: readonly string[]): Promise<Map<string, ProviderView>>;
  abstract bookable(organisationId: string): Promise<ProviderView[]>;
  /**
   * The bookable providers with a live link to the location, and `alsoProviderId` when it is
   * bookable wherever it works; in listing order. Reads only the location's providers, however
   * many the organisation has.
   */
  abstract bookableAt(organisationId: string, locationId: string, alsoProviderId?: string): Promise<ProviderView[]>;
  abstract missingProviderIds(organisationId: string, ids: readonly string[]): Promise<string[]>;
  abstract liveLink(
    organisationId: string,
    providerId: string,
    locationId: string,
  ): Promise<ProviderLocationLink | null>;
  /** The provider's link to the location, archived or not: the live one when there is one, else the last archived; `null` when it never had one. */
  abstract linkAt(organisationId: string, providerId: string, locationId: string): Promise<ProviderLocationLink | null>;
  /** Links by id. */
  abstract linksByIds(ids: readonly string[]): Promise<Map<string, ProviderLocationLink>>;

  /** The provider (as `byIds` reads it) and its `liveLink` to the location; `null` for an unknown provider. */
  async atLocation(
    organisationId: string,
    providerId: string,
    locationId: string,
  ): Promise<{ provider: ProviderView; liveLink: ProviderLocationLink | null } | null> {
    const [providers, liveLink] = await Promise.all([
      this.byIds(organisationId, [providerId]),
      this.liveLink(organisationId, providerId, locationId),
    ]);
    const provider = providers.get(providerId);
    return provider ? { provider, liveLink } : null;
  }
}

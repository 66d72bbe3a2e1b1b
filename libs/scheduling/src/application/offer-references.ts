import { DomainError, type FieldError } from '@app/shared/domain';
import type { DirectoryQueries } from '@app/organisations';
import type { PractitionerQueries } from '@app/practitioners';

/**
 * Refuses providers and locations that name none of the organisation's (a deleted provider
 * included), each by its place in the request: `providers[1]`. Ids in `alreadyOffering` were
 * checked when they were added and are not checked again, so a type still naming a provider who
 * has since left can be sent back as it was read.
 */
export async function assertOfferReferences(
  practitioners: PractitionerQueries,
  directory: DirectoryQueries,
  organisationId: string,
  sent: { providerIds?: string[]; locationIds?: string[] },
  alreadyOffering: { providerIds: string[]; locationIds: string[] } = { providerIds: [], locationIds: [] },
): Promise<void> {
  const providerIds = sent.providerIds ?? [];
  const locationIds = sent.locationIds ?? [];
  const [missingProviders, missingLocations] = await Promise.all([
    practitioners.missingProviderIds(
      organisationId,
      providerIds.filter((id) => !alreadyOffering.providerIds.includes(id)),
    ),
    directory.missingLocationIds(
      organisationId,
      locationIds.filter((id) => !alreadyOffering.locationIds.includes(id)),
    ),
  ]);
  const errors: FieldError[] = [
    ...missingProviders.map((id) => ({
      field: `providers[${providerIds.indexOf(id)}]`,
      code: 'not_found',
      message: `names no provider of this organisation`,
    })),
    ...missingLocations.map((id) => ({
      field: `locations[${locationIds.indexOf(id)}]`,
      code: 'not_found',
      message: `names no location of this organisation`,
    })),
  ];
  if (errors.length)
    throw new DomainError(
      'not_found',
      'not_found',
      'Some providers or locations are not part of this organisation.',
      errors,
    );
}

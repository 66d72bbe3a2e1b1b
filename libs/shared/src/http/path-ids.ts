import { Param, type PipeTransform } from '@nestjs/common';
import { type IdPrefix, isPrefixedId, isUuid, notFound } from '../domain/index.js';

/** An id in a path that cannot exist (wrong prefix, bad shape) is a 404, and never reaches SQL. */
class IdShapePipe implements PipeTransform<string, string> {
  constructor(
    private readonly resource: string,
    private readonly isValid: (value: string) => boolean,
  ) {}

  transform(value: string): string {
    if (!this.isValid(value)) throw notFound(this.resource, value);
    return value;
  }
}

/** A path parameter holding a prefixed KSUID (`org_…`, `memb_…`). */
export const PrefixedIdParam = (name: string, prefix: IdPrefix, resource: string): ParameterDecorator =>
  Param(name, new IdShapePipe(resource, (value) => isPrefixedId(prefix, value)));

/** A path parameter holding a UUID. */
export const UuidParam = (name: string, resource: string): ParameterDecorator =>
  Param(name, new IdShapePipe(resource, isUuid));

/** `:organisationId`, present on most routes. */
export const OrganisationIdParam = (): ParameterDecorator => PrefixedIdParam('organisationId', 'org', 'Organisation');

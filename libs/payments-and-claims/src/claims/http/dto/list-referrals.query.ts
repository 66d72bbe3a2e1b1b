import { IntersectionType } from '@nestjs/swagger';
import { IncludeDeletedQuery, PageQuery } from '@app/shared';

export class ListReferralsQuery extends IntersectionType(PageQuery, IncludeDeletedQuery) {}

import { IntersectionType } from '@nestjs/swagger';
import { IncludeDeletedQuery, PageQuery } from '@app/shared';

export class ListLocationLinksQuery extends IntersectionType(PageQuery, IncludeDeletedQuery) {}

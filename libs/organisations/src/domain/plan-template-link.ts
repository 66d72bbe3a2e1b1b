import { newUuid } from '@app/shared/domain';

/** A shareable link that starts a patient on a treatment plan template of a business. */
export class PlanTemplateLink {
  id: string;
  organisationId: string;
  businessId: string;
  planTemplateId: string;
  url: string;
  createdAt: Date;

  static create(
    organisationId: string,
    props: { businessId: string; planTemplateId: string },
    baseUrl: string,
    now: Date,
  ): PlanTemplateLink {
    const link = new PlanTemplateLink();
    link.id = newUuid();
    link.organisationId = organisationId;
    link.businessId = props.businessId;
    link.planTemplateId = props.planTemplateId;
    link.url = `${baseUrl}/plans/templates/${encodeURIComponent(props.planTemplateId)}/links/${link.id}`;
    link.createdAt = now;
    return link;
  }
}

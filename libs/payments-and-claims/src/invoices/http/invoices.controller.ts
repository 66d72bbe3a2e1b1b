import { Controller, Get, HttpStatus, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors, ApiKeyed, ApiPagedResponse, ETagged, OrganisationIdParam, PageQuery, UuidParam } from '@app/shared';
import { etagOf, type Page } from '@app/shared/domain';
import { InvoiceDocuments } from '../application/invoice-documents.js';
import { InvoiceQueries } from '../application/invoice.queries.js';
import { AdjustmentNoteResponse } from './dto/adjustment-note.response.js';
import { InvoiceResponse } from './dto/invoice.response.js';
import { ListInvoicesQuery } from './dto/list-invoices.query.js';

/** Invoices a check-out issued; read only: their money follows the payments, refunds and voids of their transaction. */
@ApiTags('invoices')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/invoices')
export class InvoicesController {
  constructor(
    private readonly queries: InvoiceQueries,
    private readonly documents: InvoiceDocuments,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List invoices',
    description:
      'Newest first (`issuedAt desc, id desc`). Filters combine with AND: `clientId`, `bookingId`, `issuedAtMin` (inclusive), `issuedAtMax` (exclusive), `status`. ' +
      'With `updatedSince`: those changed since (issued, paid, refunded, a claim voided), ordered `updatedAt, id`.',
  })
  @ApiPagedResponse(InvoiceResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @OrganisationIdParam() organisationId: string,
    @Query() query: ListInvoicesQuery,
  ): Promise<Page<InvoiceResponse>> {
    const filters = {
      clientId: query.clientId,
      bookingId: query.bookingId,
      issuedAtMin: query.issuedAtMin ? new Date(query.issuedAtMin) : undefined,
      issuedAtMax: query.issuedAtMax ? new Date(query.issuedAtMax) : undefined,
      status: query.status,
    };
    const page = await this.queries.list(organisationId, filters, query);
    return { ...page, items: page.items.map((view) => InvoiceResponse.from(view)) };
  }

  @Get(':invoiceId')
  @ApiOperation({
    summary: 'Get an invoice',
    description:
      'The tax invoice a check-out issued, with the payments received, refunds and what is due. With `Accept: application/pdf` the same invoice as a one-page PDF to print or send: "Tax invoice", and "Receipt" once it is paid.',
  })
  @ApiExtraModels(InvoiceResponse)
  @ApiOkResponse({
    content: {
      'application/json': { schema: { $ref: getSchemaPath(InvoiceResponse) } },
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  @ETagged()
  async get(
    @OrganisationIdParam() organisationId: string,
    @UuidParam('invoiceId', 'Invoice') invoiceId: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<InvoiceResponse | StreamableFile> {
    if (response.req.accepts(['application/json', 'application/pdf']) === 'application/pdf') {
      const pdf = await this.documents.pdf(organisationId, invoiceId);
      response.setHeader('ETag', etagOf(pdf.updatedAt.toISOString()));
      return new StreamableFile(pdf.bytes, {
        type: 'application/pdf',
        disposition: `inline; filename="${pdf.number}.pdf"`,
        length: pdf.bytes.length,
      });
    }
    return InvoiceResponse.from(await this.queries.get(organisationId, invoiceId));
  }

  @Get(':invoiceId/adjustment-notes')
  @ApiOperation({
    summary: "List an invoice's adjustment notes",
    description:
      "Oldest first (`issuedAt, id`). A refund of a tax invoice that carries GST issues one (its GST the invoice's in proportion), a refund that later fails issues one that reverses it, and an invoice cancelled (replaced by one of other items) issues one for its whole price.",
  })
  @ApiPagedResponse(AdjustmentNoteResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async notes(
    @OrganisationIdParam() organisationId: string,
    @UuidParam('invoiceId', 'Invoice') invoiceId: string,
    @Query() query: PageQuery,
  ): Promise<Page<AdjustmentNoteResponse>> {
    const page = await this.queries.notes(organisationId, invoiceId, query);
    return { ...page, items: page.items.map((note) => AdjustmentNoteResponse.from(note)) };
  }

  @Get(':invoiceId/adjustment-notes/:noteId')
  @ApiOperation({
    summary: 'Get an adjustment note',
    description:
      'With `Accept: application/pdf` the same note as a one-page PDF: "Adjustment note", the tax invoice it adjusts, the reason, the amount and the GST adjusted.',
  })
  @ApiExtraModels(AdjustmentNoteResponse)
  @ApiOkResponse({
    content: {
      'application/json': { schema: { $ref: getSchemaPath(AdjustmentNoteResponse) } },
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async note(
    @OrganisationIdParam() organisationId: string,
    @UuidParam('invoiceId', 'Invoice') invoiceId: string,
    @UuidParam('noteId', 'Adjustment note') noteId: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdjustmentNoteResponse | StreamableFile> {
    if (response.req.accepts(['application/json', 'application/pdf']) === 'application/pdf') {
      const pdf = await this.documents.notePdf(organisationId, invoiceId, noteId);
      return new StreamableFile(pdf.bytes, {
        type: 'application/pdf',
        disposition: `inline; filename="${pdf.number}.pdf"`,
        length: pdf.bytes.length,
      });
    }
    const { note } = await this.queries.note(organisationId, invoiceId, noteId);
    return AdjustmentNoteResponse.from(note);
  }
}

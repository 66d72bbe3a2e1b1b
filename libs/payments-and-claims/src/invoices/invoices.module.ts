import { Module } from '@nestjs/common';
import { OrganisationsModule } from '@app/organisations';
import { SchedulingModule } from '@app/scheduling';
import { LedgerModule } from '../ledger/ledger.module.js';
import { InvoiceDocuments } from './application/invoice-documents.js';
import { InvoiceLedger } from './application/invoice-ledger.js';
import { InvoiceQueries } from './application/invoice.queries.js';
import { InvoiceRenderer } from './domain/invoice-renderer.js';
import { InvoiceRepository } from './domain/invoice.repository.js';
import { InvoicesController } from './http/invoices.controller.js';
import { PdfkitInvoiceRenderer } from './infrastructure/pdf/pdfkit-invoice-renderer.js';
import { SqlInvoiceQueries } from './infrastructure/persistence/sql-invoice.queries.js';
import { MikroOrmInvoiceRepository } from './infrastructure/persistence/mikro-orm-invoice.repository.js';

/** Tax invoices: issued with a check-out, settled with its payments, read and printed as PDF. */
@Module({
  imports: [LedgerModule, OrganisationsModule, SchedulingModule],
  controllers: [InvoicesController],
  providers: [
    { provide: InvoiceRepository, useClass: MikroOrmInvoiceRepository },
    { provide: InvoiceRenderer, useClass: PdfkitInvoiceRenderer },
    { provide: InvoiceQueries, useClass: SqlInvoiceQueries },
    InvoiceLedger,
    InvoiceDocuments,
  ],
  exports: [InvoiceLedger, InvoiceDocuments, InvoiceQueries],
})
export class InvoicesModule {}

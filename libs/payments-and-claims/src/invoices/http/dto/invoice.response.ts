import { ApiProperty } from '@nestjs/swagger';
import { ApiCents } from '@app/shared';
import { AddressResponse } from '@app/organisations/http';
import type { InvoiceView } from '../../application/invoice.queries.js';

class InvoiceBusiness {
  @ApiProperty({ example: 'Move Well Physio Pty Ltd' }) name: string;
  @ApiProperty({ example: '51 824 753 556', description: "The business's ABN." }) taxIdentifier: string;
  @ApiProperty({
    example: true,
    description: 'Registered for GST when the invoice was issued: a tax invoice. Otherwise an "Invoice", without GST.',
  })
  gstRegistered: boolean;
}

class InvoiceLocation {
  @ApiProperty({ example: 'Bondi Junction' }) name: string;
  @ApiProperty({ type: AddressResponse }) address: AddressResponse;
}

class InvoiceProvider {
  @ApiProperty({ example: 'Sam Nguyen' }) name: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2429591L',
    description: "The provider's Medicare provider number at the location, if any.",
  })
  providerNumber: string | null;
}

class InvoiceClient {
  @ApiProperty({ example: 'Alex' }) firstName: string;
  @ApiProperty({ example: 'Chen' }) lastName: string;
}

class InvoiceItemResponse {
  @ApiProperty({ example: 'Initial physiotherapy consultation' }) description: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '500',
    description: 'The item number a fund or Medicare knows it by.',
  })
  itemCode: string | null;
  @ApiProperty({
    format: 'date-time',
    example: '2026-11-20T23:00:00.000Z',
    description: "When the service was given (the booking's start).",
  })
  serviceDate: string;
  @ApiProperty({ example: 1 }) quantity: number;
  @ApiCents({ example: 12000, description: 'Integer cents, GST included.' }) unitAmount: number;
  @ApiProperty({
    example: 0,
    description: 'GST rate in percent, as the billable item says (health services are mostly GST-free: 0).',
  })
  taxRate: number;
  @ApiCents({ example: 0, description: 'Integer cents: the GST within `amount`.' }) taxAmount: number;
  @ApiCents({ example: 12000, description: 'Integer cents, GST included: `quantity × unitAmount`.' }) amount: number;
}

class InvoicePaymentResponse {
  @ApiProperty({
    enum: ['payment', 'health_fund_claim', 'medicare_claim'],
    example: 'health_fund_claim',
    description: 'A card payment, a health fund benefit or a Medicare benefit.',
  })
  source: string;
  @ApiCents({ example: 4800 }) amount: number;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T00:05:00.000Z' }) createdAt: string;
  @ApiProperty({
    example: '0193a6fc-1d2e-7f30-8a41-b2c3d4e5f607',
    description: 'The check-out that took it: the one that issued the invoice, or a later one that paid what was due.',
  })
  transactionId: string;
}

export class InvoiceResponse {
  @ApiProperty({ example: '0193a700-0a7b-754c-874e-a2b3c4d5e6f7' }) id: string;
  @ApiProperty({ example: 'INV-000042', description: 'Counts per business from INV-000001, without gaps.' })
  number: string;
  @ApiProperty({
    enum: ['open', 'paid', 'cancelled'],
    example: 'paid',
    description:
      "`paid` when nothing is due. One invoice per service: a later check-out of the booking with the same items pays this one; one with other items (a corrected item after a claim's void) makes it `cancelled`, owed nothing, and issues its replacement, which takes its payments.",
  })
  status: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T00:05:00.000Z' }) issuedAt: string;
  @ApiProperty({ example: '0193a6f5-1b2c-7d3e-8f40-5a6b7c8d9e0f' }) businessId: string;
  @ApiProperty({ example: '0193a6fb-b425-70e7-82f9-5d6e7f8091a2' }) bookingId: string;
  @ApiProperty({ example: '0193a6fc-1d2e-7f30-8a41-b2c3d4e5f607', description: 'The check-out that issued it.' })
  transactionId: string;
  @ApiProperty({ example: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80' }) clientId: string;
  @ApiProperty({
    type: InvoiceBusiness,
    description: 'As it was when the invoice was issued; so are `location`, `provider` and `client`.',
  })
  business: InvoiceBusiness;
  @ApiProperty({ type: InvoiceLocation }) location: InvoiceLocation;
  @ApiProperty({ type: InvoiceProvider }) provider: InvoiceProvider;
  @ApiProperty({ type: InvoiceClient }) client: InvoiceClient;
  @ApiProperty({ type: [InvoiceItemResponse] }) items: InvoiceItemResponse[];
  @ApiCents({ example: 12000, description: 'Integer cents: the items less their GST.' }) subtotal: number;
  @ApiCents({ example: 0, description: "Integer cents: the items' GST." }) taxAmount: number;
  @ApiCents({
    example: 12000,
    description: 'Integer cents: `subtotal + taxAmount`. Never changes; a refund is `amountRefunded`.',
  })
  total: number;
  @ApiProperty({
    type: [InvoicePaymentResponse],
    description: 'Card payments, health fund benefits and Medicare benefits received.',
  })
  payments: InvoicePaymentResponse[];
  @ApiCents({
    signed: true,
    example: 12000,
    description: "Integer cents: the payments, less any taken back by a claim's void.",
  })
  amountPaid: number;
  @ApiCents({ example: 0, description: 'Integer cents given back by refunds.' }) amountRefunded: number;
  @ApiCents({
    example: 0,
    description: 'Integer cents: `max(0, total − amountPaid)`. A refund does not make anything due again.',
  })
  amountDue: number;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T00:05:00.000Z' }) createdAt: string;
  @ApiProperty({
    format: 'date-time',
    example: '2026-11-21T00:05:00.000Z',
    description: 'When it last changed (its payments or status); equal to `createdAt` until it changes.',
  })
  updatedAt: string;

  static from({ invoice, balance }: InvoiceView): InvoiceResponse {
    const { business, location, provider, client } = invoice.parties;
    return {
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      issuedAt: invoice.issuedAt.toISOString(),
      businessId: invoice.businessId,
      bookingId: invoice.bookingId,
      transactionId: invoice.transactionId,
      clientId: invoice.clientId,
      business: {
        name: business.name,
        taxIdentifier: business.taxIdentifier,
        gstRegistered: business.gstRegistered !== false,
      },
      location: { name: location.name, address: AddressResponse.from(location.address) },
      provider: { name: provider.name, providerNumber: provider.providerNumber },
      client: { firstName: client.firstName, lastName: client.lastName },
      items: invoice.items.map((item) => ({ ...item })),
      subtotal: invoice.subtotal,
      taxAmount: invoice.taxAmount,
      total: invoice.total,
      payments: balance.payments.map((payment) => ({
        source: payment.source,
        amount: payment.amount,
        createdAt: payment.createdAt.toISOString(),
        transactionId: payment.transactionId,
      })),
      amountPaid: balance.amountPaid,
      amountRefunded: balance.amountRefunded,
      amountDue: balance.amountDue,
      createdAt: invoice.createdAt.toISOString(),
      updatedAt: invoice.updatedAt.toISOString(),
    };
  }
}

import { ApiProperty } from '@nestjs/swagger';
import { ApiCents } from '@app/shared';
import type { Remittance } from '../../domain/remittance.js';

export class RemittancePayerResponse {
  @ApiProperty({ enum: ['medicare', 'health_fund'], example: 'medicare' }) type: string;
  @ApiProperty({ example: 'Medicare', description: "`Medicare`, or the fund's name." }) name: string;
}

export class RemittanceResponse {
  @ApiProperty({ example: '0193a712-4c1d-7a2e-9b3f-8091a2b3c4d5' }) id: string;
  @ApiProperty({ type: RemittancePayerResponse }) payer: RemittancePayerResponse;
  @ApiProperty({
    example: '2429591L',
    description:
      "The provider number the payer paid under: Medicare's payee provider (the servicing provider of the bulk bills), a fund claim's provider.",
  })
  payeeProviderNumber: string;
  @ApiProperty({
    example: '2026-11-24',
    format: 'date',
    description: 'The day the payer paid it into the bank account.',
  })
  paymentDate: string;
  @ApiProperty({
    example: 'MCOL-RUN-20261124-3F2A1B',
    description:
      "The payer's reference of the deposit (Medicare's payment run, the fund's settlement), as the bank statement shows it.",
  })
  paymentReference: string;
  @ApiProperty({ example: '062-000' }) bankAccountBsb: string;
  @ApiProperty({ example: '4821' }) bankAccountNumberLast4: string;
  @ApiCents({ example: 11660, description: 'Integer cents: what the payer deposited.' }) amount: number;
  @ApiCents({
    example: 11660,
    description:
      'Integer cents: the approved benefits of the claims it paid; differs from `amount` in a `discrepancy`.',
  })
  expectedAmount: number;
  @ApiProperty({ example: 2 }) claimCount: number;
  @ApiProperty({
    enum: ['unreconciled', 'reconciled', 'discrepancy'],
    example: 'reconciled',
    description:
      "`unreconciled`: its amount matches its claims and it waits to be reconciled; `discrepancy`: the payer paid another amount (each claim's `paidAmount` says what it paid for it), never reconciled by itself; `reconciled`: taken as paid, each claim's payment recorded.",
  })
  status: string;
  @ApiProperty({ example: '2026-11-24T20:00:03.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-24T20:00:03.000Z',
    format: 'date-time',
    description: 'When its status last moved on; equal to `createdAt` until it does.',
  })
  updatedAt: string;

  static from(remittance: Remittance): RemittanceResponse {
    return {
      id: remittance.id,
      payer: { type: remittance.payerType, name: remittance.payerName },
      payeeProviderNumber: remittance.payeeProviderNumber,
      paymentDate: remittance.paymentDate,
      paymentReference: remittance.paymentReference,
      bankAccountBsb: remittance.bankAccountBsb,
      bankAccountNumberLast4: remittance.bankAccountNumberLast4,
      amount: remittance.amount,
      expectedAmount: remittance.expectedAmount,
      claimCount: remittance.claimCount,
      status: remittance.status,
      createdAt: remittance.createdAt.toISOString(),
      updatedAt: remittance.updatedAt.toISOString(),
    };
  }
}

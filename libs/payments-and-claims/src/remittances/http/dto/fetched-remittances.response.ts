import { ApiProperty } from '@nestjs/swagger';
import { RemittanceResponse } from './remittance.response.js';

export class FetchedRemittancesResponse {
  @ApiProperty({
    type: [RemittanceResponse],
    description: 'The remittances this fetch made, oldest payment first; empty when the payers had paid nothing new.',
  })
  items: RemittanceResponse[];
}

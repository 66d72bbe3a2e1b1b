import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { HealthFundQueries } from './application/health-fund.queries.js';
import { HealthFundsController } from './http/health-funds.controller.js';
import { HealthFundSchema } from './infrastructure/persistence/health-fund.schema.js';

export const walletSchemas = [HealthFundSchema];

@Module({
  imports: [MikroOrmModule.forFeature(walletSchemas)],
  controllers: [HealthFundsController],
  providers: [HealthFundQueries],
})
export class WalletModule {}

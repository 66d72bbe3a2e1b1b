import { type DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from './config/app-config.js';
import { Clock, SystemClock } from './domain/index.js';
import { SqlReader } from './sql/sql-reader.js';

/** Configuration, the clock and the read side's SQL, available to every module. */
@Global()
@Module({})
export class SharedModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: SharedModule,
      providers: [{ provide: AppConfig, useValue: config }, { provide: Clock, useClass: SystemClock }, SqlReader],
      exports: [AppConfig, Clock, SqlReader],
    };
  }
}

import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppConfig } from '@app/shared';
import { AppModule } from './app.module.js';
import { buildOpenApiDocument } from './openapi.js';
import { routeTable, routesOf } from './route-table.js';

/**
 * The OpenAPI document built from the application's modules alone: no database, no server, fixed
 * servers. What the TypeScript client is generated from and what Spectral lints.
 */
export const openApiDocumentWithoutDatabase = (): Promise<OpenAPIObject> => withoutDatabase(buildOpenApiDocument);

/** The route → file table of docs/architecture.md, from the application's modules alone; `root` is the repository's. */
export const routeTableWithoutDatabase = (root: string): Promise<string> =>
  withoutDatabase((app) => routeTable(routesOf(app, root)));

async function withoutDatabase<T>(use: (app: INestApplication, config: AppConfig) => T): Promise<T> {
  const config = new AppConfig({
    // Never connected to: MikroORM connects on first use, and building the document uses none.
    DATABASE_URL: 'postgresql://unused@127.0.0.1:1/unused',
    WALLET_ENCRYPTION_KEY: '0'.repeat(64),
    LOG_LEVEL: 'silent',
  });
  const app = await NestFactory.create(AppModule.forRoot(config, config.databaseUrl!), { logger: false });
  try {
    return use(app, config);
  } finally {
    await app.close();
  }
}

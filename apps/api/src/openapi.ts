import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '@app/shared';

export function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const document = new DocumentBuilder()
    .setTitle('Healthcare Platform Business API')
    .setDescription(
      [
        'The business API of an Australian healthcare platform: organisations, members, practitioners and locations, bookings, payouts and claims, and wallet cards.',
        '',
        'Authenticate with `Authorization: Bearer <api key>`. Amounts are integer cents of AUD. Errors are RFC 9457 problem details (`application/problem+json`) with a stable `code`.',
        'Lists take `page` (from 1) and `limit` (1 to 200, default 10).',
      ].join('\n'),
    )
    .setVersion('1.0.0')
    .addServer(config.apiBaseUrl, 'Production')
    .addServer(config.apiStagingBaseUrl, 'Staging')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An API key from `POST /v1/api-keys`, or the bootstrap key printed at start-up.' })
    .build();
  return SwaggerModule.createDocument(app, document, { operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}` });
}

/** Swagger UI at `/docs`, the document at `/docs/openapi.json`. */
export function serveApiDocs(app: INestApplication, config: AppConfig): void {
  SwaggerModule.setup('docs', app, buildOpenApiDocument(app, config), {
    jsonDocumentUrl: 'docs/openapi.json',
    yamlDocumentUrl: 'docs/openapi.yaml',
    customSiteTitle: 'Healthcare Platform Business API',
    swaggerOptions: { persistAuthorization: true, displayRequestDuration: true },
  });
}

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
  const openApi = SwaggerModule.createDocument(app, document, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  documentIdempotentPosts(openApi);
  return openApi;
}

const PROBLEM = { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDto' } } };

/** Every POST takes `Idempotency-Key` (CONTRACT §6); one place documents it for all of them. */
function documentIdempotentPosts(openApi: OpenAPIObject): void {
  for (const path of Object.values(openApi.paths)) {
    const post = path.post;
    if (!post) continue;
    post.parameters = [
      ...(post.parameters ?? []),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Retrying with the same key and body within 24 hours replays the first answer (with `Idempotent-Replayed: true`); another body is a 422.',
        schema: { type: 'string', maxLength: 255, example: '5f0c2a1e-booking-retry-1' },
      },
    ];
    const conflict = post.responses['409'] as { description?: string } | undefined;
    post.responses['409'] = {
      description: [conflict?.description, 'A request with this Idempotency-Key is still running (`idempotency_request_in_progress`).']
        .filter(Boolean)
        .join(' '),
      content: PROBLEM,
    };
    post.responses['422'] = { description: 'The Idempotency-Key was used with another body (`idempotency_key_reused`).', content: PROBLEM };
  }
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

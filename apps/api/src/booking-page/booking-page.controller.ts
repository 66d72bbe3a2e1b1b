import { fileURLToPath } from 'node:url';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { notFound, Public } from '@app/shared';

const PUBLIC_FOLDER = fileURLToPath(new URL('./public/', import.meta.url));

/** The page's own files; nothing else in the folder is served. */
const ASSETS: Record<string, string> = {
  'booking.css': 'text/css; charset=utf-8',
  'format.js': 'text/javascript; charset=utf-8',
  'book.js': 'text/javascript; charset=utf-8',
  'manage.js': 'text/javascript; charset=utf-8',
  'clinic.svg': 'image/svg+xml',
};

/**
 * Only what the pages load: their own scripts and styles, the API on this origin, and the clinic's
 * brand image from wherever the clinic keeps it (any https address).
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The patient's booking pages: plain HTML, CSS and JavaScript that call only the public routes.
 * `GET /pay/{token}` (paying a payment link) belongs beside these when payment links exist.
 */
@ApiExcludeController()
@Public()
@Controller()
export class BookingPageController {
  @Get('book/assets/:file')
  asset(@Param('file') file: string, @Res() response: Response): void {
    const type = ASSETS[file];
    if (!type) throw notFound('File', file);
    response.setHeader('Cache-Control', 'public, max-age=300');
    response.type(type).sendFile(file, { root: PUBLIC_FOLDER });
  }

  @Get('book/manage/:manageToken')
  manage(@Res() response: Response): void {
    this.page(response, 'manage.html');
  }

  @Get('book/:slug')
  book(@Res() response: Response): void {
    this.page(response, 'book.html');
  }

  private page(response: Response, file: string): void {
    response.setHeader('Content-Security-Policy', PAGE_POLICY);
    // The manage page's address holds the patient's secret: no other site learns it from a link.
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.setHeader('Cache-Control', 'no-store');
    response.type('html').sendFile(file, { root: PUBLIC_FOLDER });
  }
}

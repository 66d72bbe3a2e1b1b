import { expect } from '@jest/globals';
import type { Response } from 'supertest';

/**
 * The RFC 9457 shape every error answers, and the request id in the body equal to the header. Extension
 * members are allowed: some problems name what they refer to (`existingCardId` of card_exists).
 */
/** The problem members these checks read (supertest types the body as `any`). */
type ProblemBody = { code?: string; requestId?: string; errors?: unknown[] } | undefined;

export function expectProblem(response: Response, status: number, code: string): void {
  // Status and code first and together: a failure then says what the API answered.
  expect({ status: response.status, code: (response.body as ProblemBody)?.code }).toEqual({ status, code });
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({
    status,
    code,
    type: expect.any(String),
    title: expect.any(String),
    detail: expect.any(String),
    instance: expect.any(String),
    requestId: expect.any(String),
  });
  expect((response.body as ProblemBody)?.requestId).toBe(response.headers['x-request-id']);
}

/** A 400 validation_failed whose errors name `field`, with `code` when one is given. */
export function expectInvalid(response: Response, field: string, code?: string): void {
  expectProblem(response, 400, 'validation_failed');
  expect((response.body as ProblemBody)?.errors).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ field, code: code ?? expect.any(String), message: expect.any(String) }),
    ]),
  );
}

/** A 404 not_found; with `field`, the one error names that field (a reference in the body, not the path). */
export function expectNotFound(response: Response, field?: string): void {
  expectProblem(response, 404, 'not_found');
  if (field)
    expect((response.body as ProblemBody)?.errors).toEqual([expect.objectContaining({ field, code: 'not_found' })]);
}

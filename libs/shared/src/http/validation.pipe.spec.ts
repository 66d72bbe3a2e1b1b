import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { IsOptional, IsString, ValidateNested } from 'class-validator';
import { ListQueryParam } from '../expansion/expand.decorator.js';
import { PageQuery } from '../paging/page.query.js';
import { createValidationPipe } from './validation.pipe.js';

class ListThingsQuery extends PageQuery {
  @ListQueryParam(['a', 'b'], 'Parts to include.', ['a'])
  @IsOptional()
  expand?: string[];
}

const asQuery = { type: 'query', metatype: ListThingsQuery } as const;
const fieldsOf = async (work: Promise<unknown>) =>
  ((await work.catch((error: unknown) => error)) as { errors?: unknown }).errors;

describe('the validation pipe on queries', () => {
  it('answers a repeated valid query with equal DTOs that share nothing', async () => {
    const pipe = createValidationPipe();
    const first = (await pipe.transform({ limit: '20', expand: 'a,b' }, asQuery)) as ListThingsQuery;
    first.expand!.push('changed by the first request');
    first.limit = 1;
    const second = (await pipe.transform({ limit: '20', expand: 'a,b' }, asQuery)) as ListThingsQuery;
    expect(second).toBeInstanceOf(ListThingsQuery);
    expect({ ...second }).toEqual({ page: 1, limit: 20, expand: ['a', 'b'] });
  });

  it('still refuses an invalid query each time, with the same errors, after valid ones', async () => {
    const pipe = createValidationPipe();
    await pipe.transform({ limit: '20' }, asQuery);
    const errors = [
      await fieldsOf(pipe.transform({ limit: '201', expand: 'c' }, asQuery)),
      await fieldsOf(pipe.transform({ limit: '201', expand: 'c' }, asQuery)),
    ];
    expect(errors[0]).toEqual(errors[1]);
    expect(errors[0]).toEqual([
      expect.objectContaining({ field: 'expand', code: 'invalid_value' }),
      expect.objectContaining({ field: 'limit', code: 'out_of_range' }),
    ]);
    await expect(pipe.transform({ limit: '20', unknown: 'x' }, asQuery)).rejects.toMatchObject({
      errors: [expect.objectContaining({ field: 'unknown', code: 'unknown_field' })],
    });
  });
});

class LineRequest {
  @IsString()
  description!: string;
}

class OrderRequest {
  @IsString()
  name!: string;

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => LineRequest)
  lines?: LineRequest[];
}

describe('the validation pipe on bodies', () => {
  const asBody = { type: 'body', metatype: OrderRequest } as const;

  it('refuses fields named like built-in properties at any depth, which class-transformer and Nest would drop unseen', async () => {
    const pipe = createValidationPipe();
    const body = JSON.parse(
      '{"name":"A","toString":1,"lines":[{"description":"x","__proto__":{"polluted":true}}],"prototype":{}}',
    ) as object;
    expect(await fieldsOf(pipe.transform(body, asBody))).toEqual([
      expect.objectContaining({ field: 'toString', code: 'unknown_field' }),
      expect.objectContaining({ field: 'lines[0].__proto__', code: 'unknown_field' }),
      expect.objectContaining({ field: 'prototype', code: 'unknown_field' }),
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('still reads a body without them', async () => {
    const order = (await createValidationPipe().transform(
      { name: 'A', lines: [{ description: 'x' }] },
      asBody,
    )) as OrderRequest;
    expect(order).toBeInstanceOf(OrderRequest);
    expect(order.lines?.[0]).toBeInstanceOf(LineRequest);
  });
});

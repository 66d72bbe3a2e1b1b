import { ValidateIf } from 'class-validator';

/**
 * The field may be left out, but when sent it must pass its checks: unlike `@IsOptional()`,
 * `null` is refused. Use `@IsOptional()` only where `null` means something (clearing a URL).
 */
export const MayBeOmitted = (): PropertyDecorator => ValidateIf((_, value) => value !== undefined);

import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { InvalidInputException } from '../errors/app.exception.js';

/**
 * Lists every failing field by its path (`metadata.owner.email: must be an email`), so that a
 * caller can fix all of them in one round trip.
 */
export function describeValidationErrors(errors: ValidationError[], parentPath = ''): string[] {
  return errors.flatMap((error) => {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => `${path}: ${message}`);
    return [...own, ...describeValidationErrors(error.children ?? [], path)];
  });
}

export function invalidInputFrom(errors: ValidationError[]): InvalidInputException {
  return new InvalidInputException(`Invalid input. ${describeValidationErrors(errors).join('; ')}`);
}

/** The global pipe: unknown properties are refused rather than silently dropped. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    exceptionFactory: invalidInputFrom,
  });
}

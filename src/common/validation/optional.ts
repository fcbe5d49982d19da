import { ValidateBy, ValidateIf, type ValidationOptions } from 'class-validator';

/**
 * An argument that may be left out. Unlike class-validator's @IsOptional, which also waves `null`
 * through to the code behind it, `null` is validated like any other value and refused by the type
 * rules (an MCP client that sends `metadata: null` gets INVALID_INPUT naming it, not a crash).
 */
export const Optional = (options?: ValidationOptions): PropertyDecorator => ValidateIf((_object, value) => value !== undefined, options);

/**
 * A money amount in whole cents. class-validator's `maxDecimalPlaces` reads the number's text and
 * throws on exponent notation (1e-7); this compares the number with its value in cents instead.
 */
export const IsWholeCents = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isWholeCents',
      validator: {
        validate: (value: unknown) => typeof value === 'number' && Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
        defaultMessage: (args) => `${args?.property} must be an amount in whole cents (at most 2 decimal places)`,
      },
    },
    options,
  );

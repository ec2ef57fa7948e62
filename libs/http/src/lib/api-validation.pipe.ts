import { Injectable, ValidationPipe } from '@nestjs/common';
import type { ArgumentMetadata, PipeTransform, ValidationError } from '@nestjs/common';
import { ValidationFailed } from '@platform/domain-kit';

/** An unknown field of a request body: the field named, or the message its DTO's API gives instead. */
class UnknownField extends ValidationFailed {}

/** The DTOs whose resource answers unknown fields with a message of its own, each with it. */
const UNKNOWN_FIELD_MESSAGES = new WeakMap<object, string>();

/**
 * A request DTO whose unknown fields, its own or its nested objects', are refused with `message`
 * (Razorpay's for that resource) instead of "<field> is/are not required and should not be sent";
 * the field is still named.
 */
export function UnknownFieldsRefusedWith(message: string): ClassDecorator {
  return (target) => void UNKNOWN_FIELD_MESSAGES.set(target, message);
}

/**
 * class-validator for request bodies and queries. Bodies: unknown fields are refused (400 naming the
 * field). Queries: unknown keys are dropped, because the official SDK passes callers' filters through.
 * The first problem found is reported, with its field.
 */
@Injectable()
export class ApiValidationPipe implements PipeTransform {
  private readonly strict = createPipe(true);
  private readonly lenient = createPipe(false);

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    // A path parameter is a string and a custom decorator (@Caller) checks its own value: the
    // ValidationPipe would return either as it came, after an async detour on every request.
    if (
      metadata.type === 'custom' ||
      (metadata.type === 'param' && metadata.metatype === String && typeof value === 'string')
    )
      return value;
    const pipe = metadata.type === 'body' ? this.strict : this.lenient;
    // Empty-body POSTs (the SDK sends them for close/issue/cancel) validate as an empty object.
    const empty =
      metadata.type === 'body' &&
      (value === undefined || value === null || (typeof value === 'string' && value === ''));
    const validated = pipe.transform(empty ? {} : value, metadata) as Promise<unknown>;
    const message = metadata.metatype && UNKNOWN_FIELD_MESSAGES.get(metadata.metatype);
    if (!message) return validated;
    return validated.catch((error: unknown) => {
      throw error instanceof UnknownField ? new ValidationFailed(message, error.field) : error;
    });
  }
}

function createPipe(forbidUnknown: boolean): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: forbidUnknown,
    forbidUnknownValues: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => toValidationFailed(errors),
  });
}

export function toValidationFailed(errors: ValidationError[], parent = ''): ValidationFailed {
  const first = errors[0];
  const field = parent ? `${parent}.${first.property}` : first.property;
  if (!first.constraints && first.children && first.children.length > 0)
    return toValidationFailed(first.children, field);
  // Decorators run bottom-up, so the last constraint is the top-most one written: by convention the
  // type check, which is the most useful thing to report when several fail. A missing required value
  // is reported as such (class-validator always lists isDefined first).
  const constraints = Object.entries(first.constraints ?? {});
  const [kind, message] = constraints.find(([name]) => name === 'isDefined') ??
    constraints.at(-1) ?? ['unknown', `The ${field} field is invalid.`];
  if (kind === 'whitelistValidation')
    return new UnknownField(`${field} is/are not required and should not be sent`, field);
  return new ValidationFailed(message, field);
}

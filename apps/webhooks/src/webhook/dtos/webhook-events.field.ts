import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMinSize, IsArray, registerDecorator } from 'class-validator';
import { isWebhookEvent, WEBHOOK_EVENTS } from '@platform/contracts';
import { FLAG_SCHEMA } from '@platform/http';

/** Razorpay's object form `{"payment.captured": true, "order.paid": false}` is the list of the names set to true. */
function toEventList({ value }: { value: unknown }): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.entries(value)
    .filter(([, on]) => on === true || on === 1 || on === '1' || on === 'true')
    .map(([name]) => name);
}

function IsKnownEvents(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isKnownEvents',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) &&
          value.every((name) => typeof name === 'string' && isWebhookEvent(name)),
        defaultMessage: (args) => {
          // Not a list at all (left out, null, a string, a body that is no object): IsArray's message says so.
          if (!Array.isArray(args?.value))
            return 'The events must be an array of event names (or an object of names set to true).';
          const unknown = (args.value as unknown[]).find(
            (name) => typeof name !== 'string' || !isWebhookEvent(name),
          );
          return `The event ${JSON.stringify(unknown)} is not a webhook event of this platform.`;
        },
      },
    });
}

/** `events`: an array of webhook event names (or Razorpay's object form), at least one, each known. */
export function WebhookEventsField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      oneOf: [
        { type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENTS] } },
        // OpenAPI 3.1 takes JSON Schema's propertyNames, which @nestjs/swagger's types do not list.
        {
          type: 'object',
          propertyNames: { enum: [...WEBHOOK_EVENTS] },
          additionalProperties: FLAG_SCHEMA,
        } as Record<string, unknown>,
      ],
    }),
    Transform(toEventList),
    IsKnownEvents(),
    ArrayMinSize(1, { message: 'The events must name at least one event.' }),
    IsArray({
      message: 'The events must be an array of event names (or an object of names set to true).',
    }),
  );
}

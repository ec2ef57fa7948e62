import { ApiParam } from '@nestjs/swagger';
import { isIdOf, ValidationFailed } from '@platform/domain-kit';

const PREFIX = 'plink';

/** Razorpay's answer to an id that is no payment link id at all: the id without its prefix, quoted. */
export function checkPaymentLinkId(id: string): string {
  if (isIdOf(PREFIX, id)) return id;
  const stripped = id.startsWith(`${PREFIX}_`) ? id.slice(PREFIX.length + 1) : id;
  throw new ValidationFailed(`invalid input [strippedId] = [${stripped}]`, 'id');
}

/** The `:id` of a payment link route, for the OpenAPI document. */
export const PaymentLinkIdParam = (): MethodDecorator =>
  ApiParam({
    name: 'id',
    required: true,
    description:
      'The payment link id. An id that is not a payment link id at all (not `plink_` and 14 letters or digits) is answered 400 "invalid input [strippedId] = [<the id without plink_>]"; a well-formed id of no link of the account and mode, 400 "The id provided does not exist".',
    schema: { type: 'string', pattern: `^${PREFIX}_[0-9A-Za-z]{14}$` },
  });

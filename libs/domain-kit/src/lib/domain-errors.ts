/**
 * Rules the business expects to be broken: the caller gets a 400 with this description. Any other
 * error is a fault of ours (500).
 */
export abstract class DomainError extends Error {
  override readonly name: string = this.constructor.name;

  constructor(
    readonly description: string,
    readonly field?: string,
    /** More of the error envelope, where the rule has it (e.g. a declined payment's source, step, reason and ids). */
    readonly details?: ErrorDetails,
  ) {
    super(description);
  }
}

export interface ErrorDetails {
  source?: string;
  step?: string;
  reason?: string;
  metadata?: Record<string, string>;
}

/** Input that breaks a rule (a value out of range, a forbidden combination). */
export class ValidationFailed extends DomainError {}

/** The id is unknown, or belongs to another account or mode: both answer the same. */
export class NotFound extends DomainError {
  constructor() {
    super('The id provided does not exist');
  }
}

/** The request is valid but the entity's current state does not allow it. */
export class IllegalTransition extends DomainError {}

/** A business-key uniqueness rule (e.g. one customer per email and contact). */
export class AlreadyExists extends DomainError {}

/** A payment was attempted and failed (it is recorded as `failed`): what checkout reports to the customer. */
export class PaymentFailed extends DomainError {}

/**
 * Runs a reaction (a consumer's or a timer's command): a business refusal is handed to `refused`
 * (to be logged; retrying would be refused again), any other error is thrown (to be retried).
 */
export async function unlessRefused(
  work: () => Promise<unknown>,
  refused: (error: DomainError) => void,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    refused(error);
  }
}

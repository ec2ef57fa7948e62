import { Catch } from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { BaseRpcContext } from '@nestjs/microservices';
import type { IntegrationEvent } from '@platform/contracts';
import type { SqlRunner } from '@platform/event-store';
import { throwError } from 'rxjs';
import type { Observable } from 'rxjs';
import type { Relevance } from './relevance';

/**
 * What an `@EventPattern` handler of the Kafka batch transport says besides its event types:
 *
 *   @EventPattern(PaymentEventTypes.paymentCaptured, inbox(LEDGER_CAPTURES_CONSUMER, paymentCapturedProblem))
 *   async post(@Payload() captures: PaymentCapturedEvent[], @Ctx() batch: EventBatch) { … batch.tx … }
 */
export interface InboxRoute<E extends IntegrationEvent = IntegrationEvent> {
  /** The inbox name: one effect per (inbox, event id), however often an event arrives; also the dead letters' consumer. */
  readonly inbox: string;
  /**
   * What makes an event malformed for this handler (data its contract does not allow), or null.
   * Such a message becomes a dead letter at once: no retry can help.
   */
  readonly problem?: (event: E) => string | null;
  /**
   * Which of the handler's events can have an effect, asked before any transaction: the others are
   * acknowledged without one and without an inbox row (see Relevance). Without it, every event of
   * the handler's types goes through the inbox; events of other types on its topics never do.
   */
  readonly relevant?: Relevance<E>;
  /**
   * Whether the events `relevant` leaves out get their inbox rows (one statement per chunk, no
   * transaction), so that a later delivery or catch-up counts them as seen: for a relevance that
   * reads state which can change (see Relevance). A stable relevance keeps no row.
   */
  readonly rememberSkips?: boolean;
}

/** What a handler says of its events besides its inbox name. */
export interface InboxOptions<E extends IntegrationEvent = IntegrationEvent> {
  problem?: (event: E) => string | null;
  relevant?: Relevance<E>;
  rememberSkips?: boolean;
}

/**
 * The `extras` of an `@EventPattern`: the handler's inbox and, optionally, its malformed-event rule
 * (alone, or with its relevance: `inbox(NAME, { problem, relevant })`, and `rememberSkips: true`
 * when that relevance reads state that can change).
 */
export function inbox<E extends IntegrationEvent>(
  name: string,
  options?: ((event: E) => string | null) | InboxOptions<E>,
): InboxRoute<E> {
  const { problem, relevant, rememberSkips } =
    typeof options === 'function' ? { problem: options } : { ...options };
  return { inbox: name, problem, relevant, rememberSkips };
}

/**
 * The `@Ctx()` of an event handler: the transaction its effects join (the one that records the
 * events in the inbox, so the effect and "seen" commit together), and where the events came from.
 * The `@Payload()` is the batch: the events of this handler not seen before, in partition order.
 */
export class EventBatch extends BaseRpcContext<[tx: SqlRunner, topic: string]> {
  /** The caller's transaction: commands take it as their `runner`. */
  get tx(): SqlRunner {
    return this.args[0];
  }

  get topic(): string {
    return this.args[1];
  }
}

/**
 * The transport's one exception filter: hands a handler's error, as thrown, back to the consumer.
 * Nest's default RPC filter would log it and replace it with `{ status: 'error' }`, but the consumer
 * decides from the error itself whether to retry as long as it takes (PostgreSQL away, a lost race
 * for a stream) or to count the attempt towards a dead letter, which then records its message.
 */
@Catch()
export class ErrorsToConsumer implements ExceptionFilter {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => exception);
  }
}

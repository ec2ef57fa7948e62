import type { CommandMetadata } from '@platform/domain-kit';
import type { CommandHandler } from './command-handler';
import type { HandleOptions, StreamReader, UnitOfWork } from './command-spec';
import type { OutboxMessage } from './outbox';

/** What every flow is given: the command's metadata (tenant, time) and its own request. */
export interface FlowInput {
  metadata: CommandMetadata;
}

/**
 * A use case that writes more than one stream (a capture: the payment and its order), in the same
 * four steps for every one, so it reads top to bottom and a new one knows what it must provide:
 * - `load`: the streams (and the facts from elsewhere) the decision needs;
 * - `decide`: which decider decides what, in order; each decider stays pure and knows nothing of the
 *   others: the flow carries one's decision into the next one's command;
 * - `publish`: the integration events about the streams together (a stream's own events are its
 *   spec's, unless the flow switches them off to publish them itself);
 * - `answer`: what the caller gets back, once it is all written.
 * `runFlow` runs them as one command: all streams in one statement, each with its expected version,
 * and the whole flow again from `load` when another command won the race for any of them.
 */
export interface Flow<In extends FlowInput, Loaded, Decided, Answer> {
  load(reader: StreamReader, input: In): Promise<Loaded>;
  decide(unit: UnitOfWork, loaded: Loaded, input: In): Promise<Decided>;
  publish(decided: Decided, input: In): readonly OutboxMessage[];
  answer(decided: Decided, input: In): Answer;
}

/** The one driver of every flow (see Flow). With `runner`, in the caller's transaction. */
export async function runFlow<In extends FlowInput, Loaded, Decided, Answer>(
  handler: CommandHandler,
  flow: Flow<In, Loaded, Decided, Answer>,
  input: In,
  options?: HandleOptions,
): Promise<Answer> {
  const decided = await handler.handle(
    {
      scope: input.metadata,
      run: async (unit) => {
        const loaded = await flow.load(unit, input);
        const decisions = await flow.decide(unit, loaded, input);
        unit.publish(flow.publish(decisions, input));
        return decisions;
      },
    },
    options,
  );
  return flow.answer(decided, input);
}

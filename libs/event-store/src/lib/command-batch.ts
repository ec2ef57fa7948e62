import { DomainError } from '@platform/domain-kit';
import type { AnySpec, BatchOutcome, CommandPlan } from './command-spec';

import type { SqlFragment } from './sql-fragment';

/**
 * Independent commands decided together, for a consumer applying a batch of messages (of any
 * tenants): every stream they need is read in one query and every write goes in one statement,
 * whatever the batch size. Commands on the same stream are decided in order, each on the history the
 * ones before it made. A command its decider refuses is reported in its outcome and the others go
 * ahead. A conflict on any stream runs the whole batch again, so batch only streams nobody else
 * writes at the same moment. `also`: writes for the batch as a whole (written only if some event is).
 */
export function commandBatch(
  specs: readonly AnySpec[],
  also: readonly SqlFragment[] = [],
): CommandPlan<BatchOutcome[]> {
  return {
    run: async (unit) => {
      await unit.prefetch(specs.map((spec) => spec.streamId));
      const outcomes: BatchOutcome[] = [];
      for (const spec of specs) {
        try {
          outcomes.push({ result: await unit.decide(spec) });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          outcomes.push({ refused: error });
        }
      }
      unit.alsoWrite(also);
      return outcomes;
    },
  };
}

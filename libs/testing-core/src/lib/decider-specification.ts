import { IllegalTransition, ValidationFailed } from '@platform/domain-kit';
import type { Command, Decider, Event } from '@platform/domain-kit';

type ErrorCheck = (new (...args: never[]) => Error) | ((error: unknown) => boolean);

/**
 * given(events).when(command).then(events) for a decider (Emmett's DeciderSpecification):
 *
 *   const given = DeciderSpecification.for(customerDecider);
 *   given([customerCreated()]).when(editCustomer({ email })).then([customerUpdated({ email })]);
 */
export const DeciderSpecification = {
  for<S, C extends Command, E extends Event>(decider: Decider<S, C, E>) {
    return (history: readonly E[]) => ({
      when(command: C) {
        const run = (): E[] => {
          const state = history.reduce(
            (current, event) => decider.evolve(current, event),
            decider.initialState(),
          );
          const decided = decider.decide(command, state);
          return Array.isArray(decided) ? decided : [decided];
        };
        return {
          then(expected: readonly E[]): void {
            expect(run()).toEqual(expected);
          },
          thenNothingHappened(): void {
            expect(run()).toEqual([]);
          },
          thenThrows(check: ErrorCheck): void {
            let thrown: unknown;
            try {
              run();
            } catch (error) {
              thrown = error;
            }
            if (thrown === undefined)
              throw new Error('expected the command to be refused, but it was accepted');
            if (check.prototype instanceof Error || check === Error)
              expect(thrown).toBeInstanceOf(check);
            else expect((check as (error: unknown) => boolean)(thrown)).toBe(true);
          },
        };
      },
    });
  },
};

/** `thenThrows(invalid('amount'))`: refused as invalid input, naming the field (and saying this). */
export const invalid =
  (field: string, description?: string | RegExp) =>
  (error: unknown): boolean =>
    error instanceof ValidationFailed &&
    error.field === field &&
    (description === undefined ||
      (typeof description === 'string'
        ? error.description === description
        : description.test(error.description)));

/** `thenThrows(illegal('…'))`: refused as a transition its state does not allow, saying this. */
export const illegal =
  (description: string) =>
  (error: unknown): boolean =>
    error instanceof IllegalTransition && error.description === description;

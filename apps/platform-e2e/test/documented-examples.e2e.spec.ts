import { DOCUMENTED_EXAMPLES, newWorld, problemsWith, replay } from './documented-examples';
import { newAccount } from './support/platform';

/**
 * Razorpay's documented request examples (the official SDKs' documents and the API reference),
 * replayed through the gateway as an integrator who copies them would: each in an account of its
 * own, with the ids it names made first. See documented-examples/example.ts for the table's shape.
 */
describe('Razorpay’s documented request examples, replayed through the gateway', () => {
  describe.each(Object.entries(DOCUMENTED_EXAMPLES))('%s', (_, examples) => {
    it.each(examples.map((example) => [example.source, example] as const))(
      '%s',
      async (_source, example) => {
        const world = newWorld(await newAccount('Documented examples'));
        const answer = await replay(example, world);
        expect(problemsWith(example, answer)).toEqual([]);
      },
      120_000,
    );
  });
});

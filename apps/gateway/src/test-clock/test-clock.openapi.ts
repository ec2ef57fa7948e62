import { ADVANCE_CLOCK_PATH, MAX_ADVANCE_SECONDS, PAST_MAX_TIME } from './test-clock.routes';

/**
 * The OpenAPI description of the gateway's own test-clock route (test-clock.routes.ts): it is no
 * service's controller, so it is described here, beside the route, and merged into the document
 * with the services' generated operations. Its answer is the contracts' TestClockEntity.
 */
export const testClockPaths = {
  [ADVANCE_CLOCK_PATH]: {
    post: {
      tags: ['Test mode'],
      summary: 'Advance the test clock',
      operationId: 'advanceTestClock',
      description: [
        'Moves the test-mode clock of your account forward by `seconds` (it never goes back). Every test key of the account shares it; live mode always runs on real time. **Test keys only**: a live key is answered 400 "The test clock exists in test mode only: use a test key (rzp_test_…).".',
        'Test-mode requests then run at the moved time (`created_at` of new entities, card expiry, QR code `close_by`, dispute `respond_by`), and the scheduled work that became due runs shortly after: authorized payments whose 3-day capture window ended are refunded in full, `normal` refunds older than 5 days are processed, single-use QR codes past their `close_by` (or 45 days old without one) close, open disputes past their `respond_by` are lost, disputes under review for 3 days are decided, and subscriptions bill and charge their cycles at `charge_at`, retry failed charges and expire at `expire_by`.',
        'The body holds only `seconds` (any other field: "<field> is/are not required and should not be sent"); "The seconds field is required.", "The seconds must be an integer." (numbers only, not strings), ' +
          `"The seconds must be between 1 and ${MAX_ADVANCE_SECONDS} (ten years)."; a clock that would pass the latest time the API takes is not moved: "${PAST_MAX_TIME}" (field \`seconds\`).`,
      ].join('\n\n'),
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/AdvanceTestClock' } },
        },
      },
      responses: {
        '200': {
          description: "The account's test clock after the advance",
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/TestClock' } },
          },
        },
      },
    },
  },
};

export const testClockSchemas = {
  AdvanceTestClock: {
    type: 'object',
    additionalProperties: false,
    required: ['seconds'],
    properties: {
      seconds: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_ADVANCE_SECONDS,
        description: 'How far to move the clock (at most ten years per call).',
        examples: [259200],
      },
    },
    examples: [{ seconds: 259200 }],
  },
};

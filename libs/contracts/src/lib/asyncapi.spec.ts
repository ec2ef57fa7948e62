/* eslint-disable @nx/enforce-module-boundaries -- the test regenerates the schemas with the tool that writes them */
import { readFileSync } from 'node:fs';
import { Parser } from '@asyncapi/parser';
import {
  EVENT_SCHEMAS_MODULE,
  eventSchemasModule,
} from '../../../../tools/contracts/event-schemas';
import { asyncApiDocument, eventTypesOf, topicEventDefinitions } from './asyncapi';
import { TOPIC_DECLARATIONS } from './topic-declarations';

describe('the AsyncAPI document of the topics', () => {
  it('is generated from the current TypeScript types (regenerate with `npm run contracts:schemas`)', () => {
    expect(readFileSync(EVENT_SCHEMAS_MODULE, 'utf8')).toBe(eventSchemasModule());
  }, 60_000);

  it('is a valid AsyncAPI 3 document', async () => {
    const diagnostics = await new Parser().validate(JSON.stringify(asyncApiDocument()));
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 0);
    expect(errors.map((error) => `${error.path.join('.')}: ${error.message}`)).toEqual([]);
  }, 60_000);

  it('has a channel per declared topic and a message per event type it carries', () => {
    const document = asyncApiDocument() as {
      channels: Record<string, { address: string; messages: object }>;
    };
    expect(Object.values(document.channels).map((channel) => channel.address)).toEqual(
      TOPIC_DECLARATIONS.map((topic) => topic.name),
    );
    for (const topic of TOPIC_DECLARATIONS)
      expect(topicEventDefinitions(topic.name).length).toBeGreaterThan(0);
    expect(topicEventDefinitions('payments.payment')).toEqual([
      'PaymentAuthorizedEvent',
      'PaymentCapturedEvent',
      'PaymentFailedEvent',
    ]);
    expect(eventTypesOf('PaymentCapturedEvent')).toEqual(['payment.captured']);
    expect(topicEventDefinitions('payments.payment_link')).toEqual([
      'PaymentLinkPaidEvent',
      'PaymentLinkPartiallyPaidEvent',
      'PaymentLinkCancelledEvent',
      'PaymentLinkExpiredEvent',
    ]);
    expect(eventTypesOf('PublishedDisputeEvent')).toEqual(
      expect.arrayContaining(['dispute.created', 'dispute.won', 'dispute.lost']),
    );
  });

  it('describes a paid payment link’s message with the link, its order and the payment', () => {
    const document = asyncApiDocument() as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const data = document.components.schemas['PaymentLinkPaidEvent'].properties['data'];
    expect(data).toMatchObject({
      properties: {
        payment_link: { $ref: '#/components/schemas/PaymentLinkEntity' },
        order: { $ref: '#/components/schemas/OrderEntity' },
        payment: { $ref: '#/components/schemas/PaymentEntity' },
      },
      required: expect.arrayContaining(['payment_link', 'order', 'payment']),
    });
  });
});

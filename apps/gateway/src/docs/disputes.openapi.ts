import {
  DISPUTE_PHASES,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  EVIDENCE_CATEGORIES,
} from '@platform/contracts';
import type { DisputeEntity, DisputeEvidenceEntity, EvidenceCategory } from '@platform/contracts';
import { SUPPORTED_CURRENCIES } from '@platform/http';
import {
  amount,
  answers,
  collection,
  fetchOperation,
  idParameter,
  json,
  listOperation,
  page,
  ref,
} from './openapi-parts';

const RESPOND_DAYS = 7;
const REVIEW_DAYS = 3;
const SUMMARY_MAX = 1000;
const DOCUMENTS_MAX = 50;

const disputeIdParameter = idParameter('dispute', 'disp');
const expandParameter = {
  name: 'expand[]',
  in: 'query',
  required: false,
  description:
    "`payment`: include the disputed payment in `payment`. `transaction`: include `transaction`, the disputed payment's ledger transaction (null for a payment never captured); `transaction.settlement`: the same, with the settlement that paid it out in its `settlement`. Every encoding clients use is read: `expand[]=payment`, `expand[0]=payment`, `expand=payment`, and the official SDK's `expand[expand]=payment` and `expand[expand][0]=payment`. Other values are ignored.",
  schema: {
    type: 'array',
    items: { type: 'string', enum: ['payment', 'transaction.settlement', 'transaction'] },
  },
  style: 'form',
  explode: true,
};

const contestedAmount = amount(
  'amount',
  'The amount contested; on submission it defaults to the disputed amount, and may not be more ("The amount may not be greater than the disputed amount (<amount>).").',
  1,
);
const documentIds = (category: string) => ({
  type: ['array', 'null'],
  items: { type: 'string', examples: ['doc_1Aa00000000001'] },
  description: `The ids of the ${category.replace(/_/g, ' ')} documents.`,
});

const evidenceProperties = {
  amount: {
    type: 'integer',
    description:
      'The amount contested: the disputed amount unless a smaller one was saved or submitted.',
  },
  summary: { type: ['string', 'null'], maxLength: SUMMARY_MAX },
  ...(Object.fromEntries(
    EVIDENCE_CATEGORIES.map((category) => [category, documentIds(category)]),
  ) as Record<EvidenceCategory, ReturnType<typeof documentIds>>),
  others: {
    type: ['array', 'null'],
    items: {
      type: 'object',
      required: ['type', 'document_ids'],
      properties: {
        type: { type: 'string' },
        document_ids: { type: 'array', items: { type: 'string' } },
      },
    },
    description: 'Documents of other kinds, each list under its own `type`.',
  },
  submitted_at: {
    type: ['integer', 'null'],
    description:
      'When the evidence was submitted (`action` `submit`), Unix seconds; null while it is a draft.',
  },
} satisfies Record<keyof DisputeEvidenceEntity, unknown>;

const disputeProperties = {
  id: { type: 'string', examples: ['disp_1Aa00000000001'] },
  entity: { const: 'dispute' },
  payment_id: { type: 'string', examples: ['pay_1Aa00000000001'] },
  amount: {
    type: 'integer',
    description:
      "What the customer's bank disputes, in the smallest currency unit: at most what the payment had captured and neither refunded nor disputed already.",
    examples: [50000],
  },
  currency: {
    type: 'string',
    enum: [...SUPPORTED_CURRENCIES],
    description: "The payment's currency.",
  },
  amount_deducted: {
    type: 'integer',
    description: '0 unless the dispute is lost; then the disputed amount.',
  },
  gateway_dispute_id: {
    type: ['string', 'null'],
    description:
      "The customer's bank's case number for the dispute, given when it is raised: quote it to reconcile with the bank. Null only for disputes raised before the platform kept it.",
    examples: ['418207365914'],
  },
  reason_code: {
    type: 'string',
    enum: Object.keys(DISPUTE_REASONS),
    examples: ['product_not_received'],
  },
  reason_description: {
    type: 'string',
    description: 'What the reason code means.',
    examples: [DISPUTE_REASONS['product_not_received']],
  },
  respond_by: {
    type: 'integer',
    description: `Unix seconds: ${RESPOND_DAYS} days after \`created_at\`. Accept the dispute or submit evidence before then; an open dispute still unanswered at \`respond_by\` is lost (a saved draft is no answer).`,
  },
  status: {
    type: 'string',
    enum: [...DISPUTE_STATUSES],
    description: `\`open\`: waiting for your answer. \`under_review\`: evidence submitted; the bank decides ${REVIEW_DAYS} days after the submission. \`won\`: the submitted evidence included at least one document. \`lost\`: accepted, unanswered by \`respond_by\`, or submitted without any document; the disputed amount is deducted. \`closed\`: a \`fraud\` or \`retrieval\` dispute (they only ask for information) once its evidence is submitted.`,
  },
  phase: {
    type: 'string',
    enum: [...DISPUTE_PHASES],
    description:
      '`fraud` and `retrieval` disputes only ask for information: submitting evidence closes them. The other phases are decided on the evidence.',
  },
  comments: {
    type: ['string', 'null'],
    description:
      "The bank's remarks on the case; null when it made none (the test banks make none).",
  },
  created_at: { type: 'integer', description: 'Unix seconds' },
  evidence: ref('DisputeEvidence'),
} satisfies Record<keyof DisputeEntity, unknown>;

/** The ledger transaction of a disputed payment's capture (what `expand[]=transaction` adds). */
const transactionProperties = {
  id: {
    type: 'string',
    description: 'The transaction id (`txn_…`).',
    examples: ['txn_1Aa00000000001'],
  },
  entity: { const: 'transaction' },
  type: { const: 'payment' },
  entity_id: {
    type: 'string',
    description: 'The disputed payment.',
    examples: ['pay_1Aa00000000001'],
  },
  amount: {
    type: 'integer',
    description: "The payment's captured amount, in the smallest currency unit.",
    examples: [50000],
  },
  currency: { type: 'string', enum: [...SUPPORTED_CURRENCIES] },
  fee: { type: 'integer', description: "The payment's fee, GST included.", examples: [1180] },
  tax: { type: 'integer', description: 'The GST part of `fee`.', examples: [180] },
  debit: { const: 0 },
  credit: {
    type: 'integer',
    description: 'What the capture added to the balance: `amount − fee`.',
    examples: [48820],
  },
  on_hold: {
    const: false,
    description:
      "The capture itself is never on hold (the dispute's hold is an adjustment of its own).",
  },
  settled: { type: 'boolean', description: 'true once the payment is in a processed settlement.' },
  settlement_id: {
    type: ['string', 'null'],
    description: 'The settlement that paid the payment out, once processed; null before.',
    examples: ['setl_1Aa00000000001'],
  },
  settled_at: {
    type: ['integer', 'null'],
    description: 'When that settlement was processed, Unix seconds; null before.',
  },
  created_at: { type: 'integer', description: "The payment's `created_at`, Unix seconds." },
};

export const disputeSchemas = {
  Dispute: {
    type: 'object',
    required: Object.keys(disputeProperties),
    properties: {
      ...disputeProperties,
      payment: {
        anyOf: [ref('Payment'), { type: 'null' }],
        description:
          'Only with `expand[]=payment` (GET /v1/disputes/{id}): the disputed payment, without its card object.',
      },
      transaction: {
        anyOf: [ref('DisputeTransaction'), { type: 'null' }],
        description:
          "Only with `expand[]=transaction` or `expand[]=transaction.settlement` (GET /v1/disputes/{id}): the disputed payment's ledger transaction; null for a payment that was never captured.",
      },
    },
  },
  DisputeTransaction: {
    type: 'object',
    required: Object.keys(transactionProperties),
    description: 'The capture of the disputed payment as the ledger holds it.',
    properties: {
      ...transactionProperties,
      settlement: {
        anyOf: [ref('Settlement'), { type: 'null' }],
        description:
          'Only with `expand[]=transaction.settlement`: the settlement entity once the payment is in a processed settlement; null before.',
      },
    },
  },
  DisputeCollection: collection('Dispute'),
  DisputeEvidence: {
    type: 'object',
    required: Object.keys(evidenceProperties),
    description:
      'Your case against the dispute: document ids per category (null when not given), as saved by PATCH /v1/disputes/{id}/contest.',
    properties: evidenceProperties,
  },
  ContestDispute: {
    type: 'object',
    additionalProperties: false,
    description:
      'Any part of the evidence, and whether to save it as a draft or submit it. Each field sent replaces what was saved for it (null clears it); fields not sent stay as they were, so drafts keep adding to the evidence. Every document must be one of the account\'s, in the key\'s mode, uploaded with POST /v1/documents ("The document <id> does not exist.", naming the category). Unknown fields are refused (400 naming the field: "<field> is/are not required and should not be sent").',
    properties: {
      amount: { ...contestedAmount, oneOf: [...contestedAmount.oneOf, { type: 'null' }] },
      summary: {
        type: ['string', 'null'],
        maxLength: SUMMARY_MAX,
        description: `Your explanation ("The summary may not be greater than ${SUMMARY_MAX} characters.").`,
        examples: ['Delivered on 2 May, signed for.'],
      },
      ...Object.fromEntries(
        EVIDENCE_CATEGORIES.map((category) => [
          category,
          {
            type: ['array', 'null'],
            maxItems: DOCUMENTS_MAX,
            items: { type: 'string' },
            description: `Document ids ("The ${category} must be an array of document ids.", "The ${category} may list at most ${DOCUMENTS_MAX} documents.").`,
          },
        ]),
      ),
      others: {
        type: ['array', 'null'],
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'document_ids'],
          properties: {
            type: {
              type: 'string',
              maxLength: 100,
              description:
                'What these documents are ("The others.type may not be greater than 100 characters.").',
              examples: ['photo'],
            },
            document_ids: {
              type: 'array',
              items: { type: 'string' },
              description: '"The others.document_ids must be an array of document ids."',
            },
          },
        },
        description:
          'Documents of other kinds ("The others must be an array of {type, document_ids}.").',
      },
      action: {
        type: 'string',
        enum: ['draft', 'submit'],
        default: 'draft',
        description: `\`draft\`: save the evidence, the dispute stays \`open\`. \`submit\`: send it to the bank (the dispute goes \`under_review\`, or \`closed\` in the \`fraud\` and \`retrieval\` phases); it needs a summary or at least one document, saved or sent ("A submission needs a summary or at least one document."). "The action must be draft or submit."`,
      },
    },
    examples: [
      {
        summary: 'Delivered on 2 May, signed for.',
        shipping_proof: ['doc_1Aa00000000001'],
        action: 'draft',
      },
      {
        customer_communication: ['doc_1Aa00000000002'],
        others: [{ type: 'photo', document_ids: ['doc_1Aa00000000003'] }],
        action: 'submit',
      },
    ],
  },
};

const disputeNames = { tag: 'Disputes', noun: 'dispute', schema: 'Dispute' };

export const disputePaths = {
  '/v1/disputes': {
    get: listOperation(
      disputeNames,
      page,
      "Every dispute of the account and mode. Disputes are raised by customers' banks (in test mode: POST /v1/simulator/disputes, or a payment with the dispute test card 4000000000000259 once captured).",
    ),
  },
  '/v1/disputes/{id}': {
    get: fetchOperation(disputeNames, [disputeIdParameter, expandParameter]),
  },
  '/v1/disputes/{id}/accept': {
    post: {
      tags: ['Disputes'],
      summary: 'Accept a dispute',
      operationId: 'acceptDispute',
      description: [
        'You do not contest it: the dispute is `lost` at once, and its whole amount is deducted (`amount_deducted`). No body is needed.',
        'Refused with 400: a dispute that is not open ("Only an open dispute can be accepted; this one is <status>."), or one whose `respond_by` has passed ("The dispute can no longer be accepted: its respond_by has passed.").',
      ].join('\n\n'),
      parameters: [disputeIdParameter],
      responses: answers('The lost dispute', ref('Dispute')),
    },
  },
  '/v1/disputes/{id}/contest': {
    patch: {
      tags: ['Disputes'],
      summary: 'Contest a dispute: save or submit evidence',
      operationId: 'contestDispute',
      description: [
        'Saves evidence (`action` `draft`, the default: the dispute stays `open`) or submits it (`submit`). Upload the documents first with POST /v1/documents.',
        `A submission puts the dispute \`under_review\`, and the bank decides ${REVIEW_DAYS} days after it, on the account's clock (test mode: POST /v1/simulator/clock/advance moves it): \`won\` when the evidence includes at least one document, \`lost\` otherwise (the disputed amount deducted). A \`fraud\` or \`retrieval\` dispute only asks for information: submitting closes it (\`closed\`).`,
        'Refused with 400:',
        '- a dispute that is not open ("Only an open dispute can be contested; this one is <status>."), or one whose `respond_by` has passed ("The dispute can no longer be contested: its respond_by has passed.")',
        '- "The amount may not be greater than the disputed amount (<amount>)."',
        '- a document that is not the account\'s in the key\'s mode: "The document <id> does not exist."',
        '- a submission without a summary or a document: "A submission needs a summary or at least one document."',
      ].join('\n\n'),
      parameters: [disputeIdParameter],
      requestBody: { required: true, ...json(ref('ContestDispute')) },
      responses: answers('The dispute with its evidence', ref('Dispute')),
    },
  },
};

import { AlreadyExists, fold, IllegalTransition, NotFound } from '@platform/domain-kit';
import { DeciderSpecification, illegal, invalid } from '@platform/testing-core';
import { disputeDecider, documentsOf, noEvidence } from './dispute.decider';
import {
  acceptDispute,
  AMOUNT,
  contestDispute,
  DAY_MS,
  decideDispute,
  disputeClosed,
  disputeEvidenceSaved,
  disputeEvidenceSubmitted,
  disputeLost,
  disputeRaised,
  disputeWon,
  DOCUMENT_ID,
  evidence,
  expireDispute,
  GATEWAY_DISPUTE_ID,
  LATER,
  NOW,
  PAYMENT_ID,
  raiseDispute,
  RESPOND_BY,
  REVIEW_ENDS,
  SECOND_DOCUMENT_ID,
  SUMMARY,
  THIRD_DOCUMENT_ID,
} from './dispute.fixtures';

const given = DeciderSpecification.for(disputeDecider);

describe('Dispute', () => {
  describe('when it does not exist', () => {
    it('is raised with its terms and the time in milliseconds', () => {
      given([])
        .when(raiseDispute({ reasonCode: 'fraudulent', phase: 'fraud' }))
        .then([
          {
            type: 'DisputeRaised',
            data: {
              disputeId: 'disp_AbCdEfGhIjKlMn',
              terms: {
                paymentId: PAYMENT_ID,
                amount: AMOUNT,
                currency: 'INR',
                reasonCode: 'fraudulent',
                phase: 'fraud',
                respondBy: RESPOND_BY,
                gatewayDisputeId: GATEWAY_DISPUTE_ID,
              },
              createdAt: NOW,
            },
          },
        ]);
    });

    it('cannot be accepted', () => {
      given([]).when(acceptDispute()).thenThrows(NotFound);
    });

    it('cannot be contested', () => {
      given([])
        .when(contestDispute({ summary: SUMMARY }, 'submit'))
        .thenThrows(NotFound);
    });

    it('is not lost when respond_by passes', () => {
      given([]).when(expireDispute()).thenNothingHappened();
    });

    it('is not decided by the bank', () => {
      given([]).when(decideDispute()).thenNothingHappened();
    });

    it('ignores events other than its raise', () => {
      expect(fold(disputeDecider, [disputeWon()])).toEqual({ status: 'new' });
    });
  });

  describe('when raised', () => {
    const history = [disputeRaised()];

    it('is open with its amount, phase, respond_by and no evidence', () => {
      expect(fold(disputeDecider, history)).toEqual({
        status: 'open',
        amount: AMOUNT,
        phase: 'chargeback',
        respondBy: RESPOND_BY,
        evidence: evidence(),
        submittedAt: null,
      });
    });

    it('cannot be raised again', () => {
      given(history).when(raiseDispute()).thenThrows(AlreadyExists);
    });

    it('is lost when accepted, with the disputed amount deducted', () => {
      given(history)
        .when(acceptDispute())
        .then([
          {
            type: 'DisputeLost',
            data: { reason: 'accepted', amountDeducted: AMOUNT, decidedAt: LATER },
          },
        ]);
    });

    it('is accepted in the last millisecond before respond_by', () => {
      given(history)
        .when(acceptDispute(RESPOND_BY - 1))
        .then([disputeLost('accepted', RESPOND_BY - 1)]);
    });

    it('cannot be accepted at respond_by', () => {
      given(history)
        .when(acceptDispute(RESPOND_BY))
        .thenThrows(illegal('The dispute can no longer be accepted: its respond_by has passed.'));
    });

    it('saves a draft with the evidence sent', () => {
      given(history)
        .when(contestDispute({ summary: SUMMARY, shipping_proof: [DOCUMENT_ID] }))
        .then([
          {
            type: 'DisputeEvidenceSaved',
            data: { evidence: evidence({ summary: SUMMARY, shipping_proof: [DOCUMENT_ID] }) },
          },
        ]);
    });

    it('saves a draft with neither a summary nor a document', () => {
      given(history)
        .when(contestDispute({ amount: 20_000 }))
        .then([disputeEvidenceSaved({ amount: 20_000 })]);
    });

    it('saves a draft of the whole disputed amount', () => {
      given(history)
        .when(contestDispute({ amount: AMOUNT }))
        .then([disputeEvidenceSaved({ amount: AMOUNT })]);
    });

    it('refuses a draft of more than the disputed amount', () => {
      given(history)
        .when(contestDispute({ amount: AMOUNT + 1 }))
        .thenThrows(
          invalid('amount', 'The amount may not be greater than the disputed amount (50000).'),
        );
    });

    it('submits a summary alone, contesting the whole disputed amount', () => {
      given(history)
        .when(contestDispute({ summary: SUMMARY }, 'submit'))
        .then([
          {
            type: 'DisputeEvidenceSubmitted',
            data: { evidence: evidence({ amount: AMOUNT, summary: SUMMARY }), submittedAt: LATER },
          },
        ]);
    });

    it('submits a document alone', () => {
      given(history)
        .when(contestDispute({ proof_of_service: [DOCUMENT_ID] }, 'submit'))
        .then([disputeEvidenceSubmitted({ proof_of_service: [DOCUMENT_ID] })]);
    });

    it('submits a document under others alone', () => {
      const others = [{ type: 'delivery_photo', document_ids: [DOCUMENT_ID] }];
      given(history)
        .when(contestDispute({ others }, 'submit'))
        .then([disputeEvidenceSubmitted({ others })]);
    });

    it('submits a part of the disputed amount', () => {
      given(history)
        .when(contestDispute({ amount: 20_000, summary: SUMMARY }, 'submit'))
        .then([disputeEvidenceSubmitted({ amount: 20_000, summary: SUMMARY })]);
    });

    it('refuses a submission of more than the disputed amount', () => {
      given(history)
        .when(contestDispute({ amount: AMOUNT + 1, summary: SUMMARY }, 'submit'))
        .thenThrows(
          invalid('amount', 'The amount may not be greater than the disputed amount (50000).'),
        );
    });

    it('refuses a submission with neither a summary nor a document', () => {
      given(history)
        .when(contestDispute({ amount: AMOUNT }, 'submit'))
        .thenThrows(invalid('summary', 'A submission needs a summary or at least one document.'));
    });

    it('refuses a submission with an empty summary and empty document lists', () => {
      given(history)
        .when(
          contestDispute(
            { summary: '', billing_proof: [], others: [{ type: 'note', document_ids: [] }] },
            'submit',
          ),
        )
        .thenThrows(invalid('summary'));
    });

    it('is contested in the last millisecond before respond_by', () => {
      given(history)
        .when(contestDispute({ summary: SUMMARY }, 'submit', RESPOND_BY - 1))
        .then([disputeEvidenceSubmitted({ summary: SUMMARY }, RESPOND_BY - 1)]);
    });

    it('cannot be contested at respond_by', () => {
      given(history)
        .when(contestDispute({ summary: SUMMARY }, 'submit', RESPOND_BY))
        .thenThrows(illegal('The dispute can no longer be contested: its respond_by has passed.'));
    });

    it('cannot have a draft saved at respond_by', () => {
      given(history)
        .when(contestDispute({ summary: SUMMARY }, 'draft', RESPOND_BY))
        .thenThrows(IllegalTransition);
    });

    it('is not lost a millisecond before respond_by', () => {
      given(history)
        .when(expireDispute(RESPOND_BY - 1))
        .thenNothingHappened();
    });

    it('is lost unanswered at respond_by, with the disputed amount deducted', () => {
      given(history)
        .when(expireDispute(RESPOND_BY))
        .then([
          {
            type: 'DisputeLost',
            data: { reason: 'unanswered', amountDeducted: AMOUNT, decidedAt: RESPOND_BY },
          },
        ]);
    });

    it('is lost unanswered by a late scheduler at the time it runs', () => {
      given(history)
        .when(expireDispute(RESPOND_BY + DAY_MS))
        .then([disputeLost('unanswered', RESPOND_BY + DAY_MS)]);
    });

    it('is not decided by the bank before it is submitted', () => {
      given(history).when(decideDispute()).thenNothingHappened();
    });
  });

  describe('when raised in the fraud phase', () => {
    const history = [disputeRaised({ phase: 'fraud' })];

    it('is closed by its submission, which only answers a request for information', () => {
      given(history)
        .when(contestDispute({ summary: SUMMARY }, 'submit'))
        .then([
          disputeEvidenceSubmitted({ summary: SUMMARY }),
          { type: 'DisputeClosed', data: { closedAt: LATER } },
        ]);
    });

    it('stays open when a draft is saved', () => {
      given(history)
        .when(contestDispute({ summary: SUMMARY }))
        .then([disputeEvidenceSaved({ summary: SUMMARY })]);
    });
  });

  describe('when raised in the retrieval phase', () => {
    it('is closed by its submission', () => {
      given([disputeRaised({ phase: 'retrieval' })])
        .when(contestDispute({ summary: SUMMARY }, 'submit'))
        .then([disputeEvidenceSubmitted({ summary: SUMMARY }), disputeClosed()]);
    });
  });

  describe('when raised in the pre-arbitration phase', () => {
    it('is only submitted for review by its submission', () => {
      given([disputeRaised({ phase: 'pre_arbitration' })])
        .when(contestDispute({ summary: SUMMARY }, 'submit'))
        .then([disputeEvidenceSubmitted({ summary: SUMMARY })]);
    });
  });

  describe('when raised in the arbitration phase', () => {
    it('is only submitted for review by its submission', () => {
      given([disputeRaised({ phase: 'arbitration' })])
        .when(contestDispute({ summary: SUMMARY }, 'submit'))
        .then([disputeEvidenceSubmitted({ summary: SUMMARY })]);
    });
  });

  describe('when a draft was saved', () => {
    const history = [
      disputeRaised(),
      disputeEvidenceSaved({ amount: 20_000, summary: SUMMARY, shipping_proof: [DOCUMENT_ID] }),
    ];

    it('is still open with the evidence saved', () => {
      expect(fold(disputeDecider, history)).toEqual({
        status: 'open',
        amount: AMOUNT,
        phase: 'chargeback',
        respondBy: RESPOND_BY,
        evidence: evidence({ amount: 20_000, summary: SUMMARY, shipping_proof: [DOCUMENT_ID] }),
        submittedAt: null,
      });
    });

    it('adds the fields of another draft to what was saved', () => {
      given(history)
        .when(contestDispute({ billing_proof: [SECOND_DOCUMENT_ID] }))
        .then([
          disputeEvidenceSaved({
            amount: 20_000,
            summary: SUMMARY,
            shipping_proof: [DOCUMENT_ID],
            billing_proof: [SECOND_DOCUMENT_ID],
          }),
        ]);
    });

    it('replaces a field saved by the same field sent', () => {
      given(history)
        .when(contestDispute({ shipping_proof: [SECOND_DOCUMENT_ID, THIRD_DOCUMENT_ID] }))
        .then([
          disputeEvidenceSaved({
            amount: 20_000,
            summary: SUMMARY,
            shipping_proof: [SECOND_DOCUMENT_ID, THIRD_DOCUMENT_ID],
          }),
        ]);
    });

    it('clears a field saved by the same field sent as null', () => {
      given(history)
        .when(contestDispute({ summary: null }))
        .then([disputeEvidenceSaved({ amount: 20_000, shipping_proof: [DOCUMENT_ID] })]);
    });

    it('submits what was saved, keeping the amount saved', () => {
      given(history)
        .when(contestDispute({}, 'submit'))
        .then([
          disputeEvidenceSubmitted({
            amount: 20_000,
            summary: SUMMARY,
            shipping_proof: [DOCUMENT_ID],
          }),
        ]);
    });

    it('refuses a submission that clears both the summary and the documents saved', () => {
      given(history)
        .when(contestDispute({ summary: null, shipping_proof: null }, 'submit'))
        .thenThrows(invalid('summary'));
    });

    it('can still be accepted', () => {
      given(history)
        .when(acceptDispute())
        .then([disputeLost('accepted', LATER)]);
    });

    it('is lost unanswered at respond_by, the draft never submitted', () => {
      given(history)
        .when(expireDispute())
        .then([disputeLost('unanswered', RESPOND_BY)]);
    });
  });

  describe('when a draft without an amount was saved', () => {
    it('submits the whole disputed amount', () => {
      given([disputeRaised(), disputeEvidenceSaved({ summary: SUMMARY })])
        .when(contestDispute({}, 'submit'))
        .then([disputeEvidenceSubmitted({ amount: AMOUNT, summary: SUMMARY })]);
    });
  });

  describe('when a contest with a document was submitted', () => {
    const history = [
      disputeRaised(),
      disputeEvidenceSubmitted({ summary: SUMMARY, shipping_proof: [DOCUMENT_ID] }),
    ];

    it('is under review with the evidence submitted and the time', () => {
      expect(fold(disputeDecider, history)).toEqual({
        status: 'under_review',
        amount: AMOUNT,
        phase: 'chargeback',
        respondBy: RESPOND_BY,
        evidence: evidence({ amount: AMOUNT, summary: SUMMARY, shipping_proof: [DOCUMENT_ID] }),
        submittedAt: LATER,
      });
    });

    it('cannot be accepted', () => {
      given(history)
        .when(acceptDispute(LATER + 1))
        .thenThrows(illegal('Only an open dispute can be accepted; this one is under_review.'));
    });

    it('cannot be contested again', () => {
      given(history)
        .when(contestDispute({ billing_proof: [SECOND_DOCUMENT_ID] }, 'submit', LATER + 1))
        .thenThrows(illegal('Only an open dispute can be contested; this one is under_review.'));
    });

    it('is not lost when respond_by passes', () => {
      given(history).when(expireDispute()).thenNothingHappened();
    });

    it('is not decided a millisecond before its 3 days of review end', () => {
      given(history)
        .when(decideDispute(REVIEW_ENDS - 1))
        .thenNothingHappened();
    });

    it('is won 3 days after its submission', () => {
      given(history)
        .when(decideDispute(REVIEW_ENDS))
        .then([{ type: 'DisputeWon', data: { decidedAt: REVIEW_ENDS } }]);
    });

    it('is won by a late decision at the time it runs', () => {
      given(history)
        .when(decideDispute(REVIEW_ENDS + DAY_MS))
        .then([disputeWon(REVIEW_ENDS + DAY_MS)]);
    });
  });

  describe('when a contest with a document under others only was submitted', () => {
    it('is won', () => {
      given([
        disputeRaised(),
        disputeEvidenceSubmitted({
          others: [{ type: 'delivery_photo', document_ids: [DOCUMENT_ID] }],
        }),
      ])
        .when(decideDispute())
        .then([disputeWon()]);
    });
  });

  describe('when a contest with a summary and no document was submitted', () => {
    const history = [disputeRaised(), disputeEvidenceSubmitted({ summary: SUMMARY })];

    it('is lost, rejected, with the disputed amount deducted', () => {
      given(history)
        .when(decideDispute())
        .then([
          {
            type: 'DisputeLost',
            data: { reason: 'rejected', amountDeducted: AMOUNT, decidedAt: REVIEW_ENDS },
          },
        ]);
    });

    it('is not decided a millisecond early', () => {
      given(history)
        .when(decideDispute(REVIEW_ENDS - 1))
        .thenNothingHappened();
    });
  });

  describe('when a contest of a part of the amount, without a document, was submitted', () => {
    it('is lost with the whole disputed amount deducted', () => {
      given([disputeRaised(), disputeEvidenceSubmitted({ amount: 20_000, summary: SUMMARY })])
        .when(decideDispute())
        .then([disputeLost('rejected', REVIEW_ENDS, AMOUNT)]);
    });
  });

  describe('when a fraud dispute was answered', () => {
    const history = [
      disputeRaised({ phase: 'fraud' }),
      disputeEvidenceSubmitted({ shipping_proof: [DOCUMENT_ID] }),
      disputeClosed(),
    ];

    it('is closed', () => {
      expect(fold(disputeDecider, history)).toMatchObject({ status: 'closed', submittedAt: LATER });
    });

    it('is not decided by the bank', () => {
      given(history).when(decideDispute()).thenNothingHappened();
    });

    it('cannot be accepted', () => {
      given(history)
        .when(acceptDispute(LATER + 1))
        .thenThrows(illegal('Only an open dispute can be accepted; this one is closed.'));
    });

    it('is not lost when respond_by passes', () => {
      given(history).when(expireDispute()).thenNothingHappened();
    });
  });

  describe('when accepted', () => {
    const history = [disputeRaised(), disputeLost('accepted', LATER)];

    it('is lost', () => {
      expect(fold(disputeDecider, history)).toEqual({
        status: 'lost',
        amount: AMOUNT,
        phase: 'chargeback',
        respondBy: RESPOND_BY,
        evidence: evidence(),
        submittedAt: null,
      });
    });

    it('cannot be accepted again', () => {
      given(history)
        .when(acceptDispute(LATER + 1))
        .thenThrows(illegal('Only an open dispute can be accepted; this one is lost.'));
    });

    it('cannot be contested', () => {
      given(history)
        .when(contestDispute({ summary: SUMMARY }, 'submit', LATER + 1))
        .thenThrows(illegal('Only an open dispute can be contested; this one is lost.'));
    });

    it('is not lost again when respond_by passes', () => {
      given(history).when(expireDispute()).thenNothingHappened();
    });

    it('is not decided by the bank', () => {
      given(history).when(decideDispute()).thenNothingHappened();
    });
  });

  describe('when lost unanswered', () => {
    const history = [disputeRaised(), disputeLost('unanswered', RESPOND_BY)];

    it('is lost', () => {
      expect(fold(disputeDecider, history)).toMatchObject({ status: 'lost' });
    });

    it('cannot be contested', () => {
      given(history)
        .when(contestDispute({ summary: SUMMARY }, 'submit', RESPOND_BY + 1))
        .thenThrows(IllegalTransition);
    });
  });

  describe('when won', () => {
    const history = [
      disputeRaised(),
      disputeEvidenceSubmitted({ shipping_proof: [DOCUMENT_ID] }),
      disputeWon(),
    ];

    it('is won', () => {
      expect(fold(disputeDecider, history)).toMatchObject({ status: 'won' });
    });

    it('is not decided again', () => {
      given(history)
        .when(decideDispute(REVIEW_ENDS + DAY_MS))
        .thenNothingHappened();
    });

    it('cannot be accepted', () => {
      given(history)
        .when(acceptDispute(REVIEW_ENDS + 1))
        .thenThrows(illegal('Only an open dispute can be accepted; this one is won.'));
    });
  });

  describe('when lost after review', () => {
    it('is lost', () => {
      expect(
        fold(disputeDecider, [
          disputeRaised(),
          disputeEvidenceSubmitted({ summary: SUMMARY }),
          disputeLost('rejected', REVIEW_ENDS),
        ]),
      ).toMatchObject({ status: 'lost' });
    });
  });
});

describe('documentsOf', () => {
  it('lists no document of no evidence', () => {
    expect(documentsOf(noEvidence())).toEqual([]);
  });

  it('lists no document of an empty part of the evidence', () => {
    expect(documentsOf({})).toEqual([]);
  });

  it('lists the documents of every category in order, then those under others', () => {
    const all = evidence({
      shipping_proof: ['doc_1'],
      billing_proof: ['doc_2'],
      cancellation_proof: ['doc_3'],
      customer_communication: ['doc_4'],
      proof_of_service: ['doc_5'],
      explanation_letter: ['doc_6'],
      refund_confirmation: ['doc_7'],
      access_activity_log: ['doc_8'],
      refund_cancellation_policy: ['doc_9'],
      term_and_conditions: ['doc_10', 'doc_11'],
      others: [
        { type: 'delivery_photo', document_ids: ['doc_12'] },
        { type: 'invoice', document_ids: ['doc_13', 'doc_14'] },
      ],
    });
    expect(documentsOf(all)).toEqual([
      'doc_1',
      'doc_2',
      'doc_3',
      'doc_4',
      'doc_5',
      'doc_6',
      'doc_7',
      'doc_8',
      'doc_9',
      'doc_10',
      'doc_11',
      'doc_12',
      'doc_13',
      'doc_14',
    ]);
  });

  it('ignores the summary and the amount', () => {
    expect(documentsOf({ amount: AMOUNT, summary: SUMMARY })).toEqual([]);
  });

  it('lists nothing for others without documents', () => {
    expect(documentsOf({ others: [{ type: 'note', document_ids: [] }] })).toEqual([]);
  });
});

describe('noEvidence', () => {
  it('has every field null', () => {
    expect(noEvidence()).toEqual(evidence());
  });

  it('is a new object each time', () => {
    expect(noEvidence()).not.toBe(noEvidence());
  });
});

import { DeciderSpecification } from '@platform/testing-core';
import type { RefundPosted } from './posting.events';
import { NOW, postRefund } from './posting.fixtures';
import { refundPostingDecider } from './refund-posting.decider';

const given = DeciderSpecification.for(refundPostingDecider);

/** The posting of postRefund()'s refund, naming `payment`. */
function refundPosted(payment: RefundPosted['data']['payment']): RefundPosted {
  const { data } = postRefund();
  return {
    type: 'RefundPosted',
    data: {
      refundId: data.refundId,
      paymentId: data.paymentId,
      currency: 'INR',
      amount: 10000,
      createdAt: NOW,
      notes: {},
      payment,
    },
  };
}

describe('Refund posting', () => {
  describe('when nothing was posted yet', () => {
    it('posts the refund of a captured payment', () => {
      given([])
        .when(postRefund())
        .then([refundPosted(postRefund().data.payment)]);
    });

    it('posts nothing for the automatic refund of a payment that was never captured', () => {
      given([])
        .when(postRefund({ captured: false }))
        .thenNothingHappened();
    });
  });

  describe('when the refund was posted', () => {
    it('posts nothing for a redelivery', () => {
      given([refundPosted(null)])
        .when(postRefund())
        .thenNothingHappened();
    });
  });
});

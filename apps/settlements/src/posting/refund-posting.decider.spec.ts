import { DeciderSpecification } from '@platform/testing';
import { NOW, postRefund } from './posting.fixtures';
import { refundPostingDecider } from './refund-posting.decider';

const given = DeciderSpecification.for(refundPostingDecider);

describe('Refund posting', () => {
  describe('when nothing was posted yet', () => {
    it('posts the refund of a captured payment', () => {
      const { data } = postRefund();
      given([])
        .when(postRefund())
        .then([
          {
            type: 'RefundPosted',
            data: {
              refundId: data.refundId,
              paymentId: data.paymentId,
              currency: 'INR',
              amount: 10000,
              createdAt: NOW,
              notes: {},
              payment: data.payment,
            },
          },
        ]);
    });

    it('posts nothing for the automatic refund of a payment that was never captured', () => {
      given([])
        .when(postRefund({ captured: false }))
        .thenNothingHappened();
    });
  });

  describe('when the refund was posted', () => {
    it('posts nothing for a redelivery', () => {
      const { data } = postRefund();
      given([
        {
          type: 'RefundPosted',
          data: {
            refundId: data.refundId,
            paymentId: data.paymentId,
            currency: 'INR',
            amount: 10000,
            createdAt: NOW,
            notes: {},
            payment: null,
          },
        },
      ])
        .when(postRefund())
        .thenNothingHappened();
    });
  });
});

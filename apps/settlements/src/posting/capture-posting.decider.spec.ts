import { DeciderSpecification } from '@platform/testing-core';
import { capturePostingDecider } from './capture-posting.decider';
import { NOW, postCapture } from './posting.fixtures';

const given = DeciderSpecification.for(capturePostingDecider);

describe('Capture posting', () => {
  describe('when nothing was posted yet', () => {
    it('posts the capture with its fee, tax and time', () => {
      const command = postCapture();
      given([])
        .when(command)
        .then([{ type: 'CapturePosted', data: { ...command.data, capturedAt: NOW } }]);
    });
  });

  describe('when the capture was posted', () => {
    it('posts nothing for a redelivery', () => {
      const command = postCapture();
      given([{ type: 'CapturePosted', data: { ...command.data, capturedAt: NOW } }])
        .when(command)
        .thenNothingHappened();
    });
  });
});

import { readModelQueries } from '@platform/event-store';
import { DisputeDetailsRow } from './dispute-details.entity';

export const { get: getDisputeDetails, list: listDisputeDetails } =
  readModelQueries(DisputeDetailsRow);

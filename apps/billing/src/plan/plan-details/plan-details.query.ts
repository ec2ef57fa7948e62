import { readModelQueries } from '@platform/event-store';
import { PlanDetailsRow } from './plan-details.entity';

export const { get: getPlanDetails, list: listPlanDetails } = readModelQueries(PlanDetailsRow);

import { readModelQueries } from '@platform/event-store';
import { ItemDetailsRow } from './item-details.entity';

export const { get: getItemDetails, list: listItemDetails } = readModelQueries<
  ItemDetailsRow,
  { active?: boolean }
>(ItemDetailsRow, { active: 'active' });

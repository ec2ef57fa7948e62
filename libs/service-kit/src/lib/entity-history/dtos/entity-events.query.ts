import { IsDefined, IsString, Matches } from 'class-validator';
import { ListQuery } from '@platform/http';

/** Any public entity id: `<prefix>_<14 base62>` (pay_…, order_…, inv_…, setl_…, wh_…). */
export const ENTITY_ID = /^[a-z]+_[0-9A-Za-z]{14}$/;

/** `GET /v1/events`: the entity whose events to list, with the pagination every list has. */
export class EntityEventsQuery extends ListQuery {
  /**
   * The entity’s id. Without it: 400 "The entity_id field is required."; not an id: 400 "The
   * entity_id must be an entity id, such as pay_1Aa00000000001." (field `entity_id`).
   *
   * @example "pay_1Aa00000000001"
   */
  @IsDefined({ message: 'The entity_id field is required.' })
  @IsString({ message: 'The entity_id must be a string.' })
  @Matches(ENTITY_ID, {
    message: 'The entity_id must be an entity id, such as pay_1Aa00000000001.',
  })
  entity_id!: string;
}

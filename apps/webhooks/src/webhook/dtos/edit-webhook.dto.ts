import { IsString, MaxLength } from 'class-validator';
import { MayBeOmitted } from '@platform/http';
import { WebhookEventsField } from './webhook-events.field';
import { WebhookOptionsDto } from './webhook-options.dto';

/**
 * Any of the fields of a new webhook: those sent replace the webhook's (`events` as a whole), the
 * others stay. The url is checked as on creation.
 *
 * @example {"events":{"payment.captured":true,"refund.processed":true}}
 * @example {"active":true}
 */
// PUT /v1/webhooks/:id and PATCH /v2/accounts/:account_id/webhooks/:id: the fields sent replace
// those fields.
export class EditWebhookDto extends WebhookOptionsDto {
  /**
   * An absolute http or https URL with a host, of at most 255 characters, as the WHATWG URL
   * standard reads it ("The url must be a valid http or https URL."; `http:///x` and `http:/x` are
   * refused, not read as `http://x/`), without credentials ("The url may not carry credentials."),
   * spaces, line breaks or control characters ("The url may not contain spaces, line breaks or
   * control characters."), backslashes ("The url may not contain backslashes.") or port 0 ("The url
   * may not use port 0."). It is stored and shown normalised: scheme and host in lower case, the
   * default port and `.`/`..` segments removed, unsafe characters percent-encoded (`HTTPS://Example.COM:443/a/../b`
   * is `https://example.com/b`). In live mode it must be https
   * on port 443 ("A live mode webhook url must be https on port 443."). Its host must resolve to
   * public addresses only: loopback, private, link-local (cloud metadata included), carrier-grade
   * NAT, multicast and reserved addresses are refused ("The url must point to a public address:
   * loopback, private, link-local and metadata addresses are refused.", or "The url’s host could
   * not be resolved."). The address is checked again at every delivery, on the address then
   * connected to. A platform run for local development (`npm start`) lifts this rule.
   *
   * @example "https://example.com/razorpay/webhooks"
   */
  @MayBeOmitted()
  @MaxLength(255, { message: 'The url may not be greater than 255 characters.' })
  @IsString({ message: 'The url must be a string.' })
  url?: string;

  /**
   * The events to receive: an array of names, or Razorpay's object form `{"payment.captured": true,
   * "order.paid": false}` (the names set to true). At least one ("The events must name at least one
   * event."), each an event of this platform ("The event "x" is not a webhook event of this
   * platform."); repeated names count once. `refund.failed` is accepted and never sent: no refund
   * of this platform fails.
   *
   * @example ["payment.captured","order.paid"]
   * @example {"payment.captured":true,"refund.processed":true}
   */
  @MayBeOmitted()
  @WebhookEventsField()
  events?: string[];
}

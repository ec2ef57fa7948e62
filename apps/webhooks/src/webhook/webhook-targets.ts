import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { promisify } from 'node:util';
import { Inject, Injectable } from '@nestjs/common';
import { ValidationFailed } from '@platform/domain-kit';
import type { Mode } from '@platform/domain-kit';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { WebhooksConfig } from '../webhooks.config';
import { isPublicAddress, normalisedUrl, urlProblem } from './webhook-url';

const lookupAll = promisify(dnsLookup);

/**
 * Where webhooks may point. The URL rules (webhook-url) always apply; the address rule (no loopback,
 * private, link-local or metadata address: SSRF) unless WEBHOOK_ALLOW_PRIVATE_TARGETS is set for
 * local development. Checked when a webhook is created or edited, and again at every delivery, on
 * the address the delivery then connects to, so a name that later resolves elsewhere (DNS
 * rebinding) cannot reach inside.
 */
@Injectable()
export class WebhookTargets {
  readonly allowPrivate: boolean;

  constructor(@Inject(SERVICE_OPTIONS) options: ServiceKitOptions) {
    this.allowPrivate = (options.config as WebhooksConfig).WEBHOOK_ALLOW_PRIVATE_TARGETS;
  }

  /**
   * The URL to store, normalised (see normalisedUrl); refuses, naming `url`, a URL the rules forbid
   * or whose host resolves to a forbidden address.
   */
  async check(url: string, mode: Mode): Promise<string> {
    const problem = urlProblem(url, mode);
    if (problem) throw new ValidationFailed(problem, 'url');
    const normalised = normalisedUrl(url);
    if (this.allowPrivate) return normalised;
    const host = new URL(normalised).hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host)
      ? [host]
      : await lookupAll(host, { all: true }).then(
          (found: LookupAddress[]) => found.map((a) => a.address),
          () => null,
        );
    if (addresses === null || addresses.length === 0)
      throw new ValidationFailed('The url’s host could not be resolved.', 'url');
    if (!addresses.every(isPublicAddress))
      throw new ValidationFailed(
        'The url must point to a public address: loopback, private, link-local and metadata addresses are refused.',
        'url',
      );
    return normalised;
  }

  /** The DNS lookup deliveries connect with: it refuses a forbidden address instead of connecting to it. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: false }, (error, address, family) => {
      if (error) return callback(error, '', 0);
      if (!this.allowPrivate && !isPublicAddress(address as string))
        return callback(
          Object.assign(
            new Error(
              `refused to deliver to ${hostname} (${String(address)}): not a public address`,
            ),
            { code: 'EADDRNOTPUBLIC' },
          ),
          '',
          0,
        );
      callback(null, address as string, family as number);
    });
  };
}

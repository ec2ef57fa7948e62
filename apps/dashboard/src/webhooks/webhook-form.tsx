import { useState } from 'preact/hooks';
import type { ApiClient } from '../api/api-client';
import { ErrorMessage } from '../ui/error-message';
import { useAction } from '../ui/use-action';

/** The events merchants subscribe to most; the API lists every one in its documentation. */
const EVENTS = [
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'refund.processed',
  'order.paid',
  'payment.dispute.created',
  'settlement.processed',
  'invoice.paid',
  'subscription.charged',
];

export function WebhookForm({ api, onCreated }: { api: ApiClient; onCreated: () => void }) {
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [events, setEvents] = useState<string[]>(['payment.captured']);
  const action = useAction(() => {
    setUrl('');
    setSecret('');
    onCreated();
  });
  const toggle = (event: string) =>
    setEvents((chosen) =>
      chosen.includes(event) ? chosen.filter((e) => e !== event) : [...chosen, event],
    );
  const create = (submitted: Event) => {
    submitted.preventDefault();
    void action.run(() => api.post('/v1/webhooks', { url, events, ...(secret ? { secret } : {}) }));
  };
  return (
    <form class="panel" onSubmit={create} aria-label="New webhook">
      <h2>New webhook</h2>
      <label>
        URL
        <input
          value={url}
          onInput={(e) => setUrl(e.currentTarget.value)}
          placeholder="https://example.com/webhooks"
        />
      </label>
      <label>
        Secret (signs each delivery)
        <input type="password" value={secret} onInput={(e) => setSecret(e.currentTarget.value)} />
      </label>
      <fieldset>
        <legend>Events</legend>
        {EVENTS.map((event) => (
          <label key={event} class="check">
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={() => toggle(event)}
            />
            {event}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={action.busy}>
        Create webhook
      </button>
      <ErrorMessage error={action.error} />
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENTS, type WebhookEvent } from '@newsroom/contract';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/Field.tsx';
import type { EndpointFields } from './api.ts';

interface EndpointFormProps {
  initial?: EndpointFields;
  pending: boolean;
  submitLabel: string;
  /** The server's refusal of the last try (a private address, a name that does not resolve). */
  refusal?: string | undefined;
  onSubmit: (fields: EndpointFields) => void;
  onCancel: () => void;
}

/** An endpoint's URL and the events it asks for, checked before it is sent. */
export function EndpointForm({
  initial,
  pending,
  submitLabel,
  refusal,
  onSubmit,
  onCancel,
}: EndpointFormProps) {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(initial?.events ?? []);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const eventsId = useId();

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((chosen) => (on ? [...chosen, event] : chosen.filter((e) => e !== event)));

  const submit = (form: FormEvent) => {
    form.preventDefault();
    const found: typeof errors = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) {
      found.url = 'An address starting with http:// or https://';
    }
    if (events.length === 0) found.events = 'Choose at least one event';
    setErrors(found);
    if (found.url || found.events) return;
    onSubmit({ url: url.trim(), events: WEBHOOK_EVENTS.filter((e) => events.includes(e)) });
  };

  return (
    <form noValidate onSubmit={submit}>
      <TextField
        label="Endpoint URL"
        type="url"
        placeholder="https://example.com/hooks/newsroom"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={errors.url}
      />
      <fieldset className="mb-4" aria-describedby={errors.events ? `${eventsId}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700">Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex items-center gap-2 py-0.5 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(change) => toggle(event, change.target.checked)}
            />
            {WEBHOOK_EVENT_NAMES[event]}
            <code className="text-xs text-slate-500">{event}</code>
          </label>
        ))}
        {errors.events ? (
          <p id={`${eventsId}-error`} role="alert" className="mt-1 text-sm text-red-600">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      {refusal ? (
        <p role="alert" className="mb-4 text-sm text-red-600">
          {refusal}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Please wait...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

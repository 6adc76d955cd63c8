-- The local stack's webhook receiver (supabase/local/doubles/webhook-receiver.ts): endpoints at
-- http://127.0.0.1:<port>/__webhooks/<name> may be registered here, and nowhere hosted (the setting is
-- only ever written by this file; private.webhook_url_refusal reads it).
insert into private.settings (key, value, note)
values ('webhook_local_receiver', 'true', 'Local stack only: endpoints of its own webhook receiver may be registered.')
on conflict (key) do nothing;

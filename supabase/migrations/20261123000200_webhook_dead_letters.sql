-- ============================================================================
-- webhook_dead_letters: Messenger webhook events that failed after the 200.
--
-- The webhook answers Meta 200 before it processes a body (Meta would retry
-- and then disable the subscription otherwise), so an event that fails later
-- (a sender id Postgres cannot store, a timestamp out of range, a database
-- error) cannot be refused any more. It is kept here instead of being only
-- logged, for staff tooling to inspect and replay.
--
-- `event` is the messaging event as Meta sent it, except that jsonb cannot
-- hold U+0000 nor an unpaired UTF-16 surrogate: the service writes each of
-- those as U+FFFD (the replacement character) before storing it
-- (server/messenger/storable-text.ts, storableJson). `reason` says why it
-- failed; it never quotes the message text.
--
-- Service role only for writes; the superadmin (staff tooling) may read. No
-- other browser access (RLS on, select granted to authenticated only for the
-- superadmin policy; anon nothing).
-- ============================================================================
create table public.webhook_dead_letters (
  id bigserial primary key,
  received_at timestamptz not null default now(),
  page_id text check (page_id is null or char_length(page_id) <= 100),
  reason text not null check (btrim(reason) <> '' and char_length(reason) <= 1000),
  event jsonb not null
);

comment on table public.webhook_dead_letters is
  'Messenger webhook events that failed after the webhook answered 200, with why. NUL and unpaired surrogates in the event are stored as U+FFFD (jsonb cannot hold them).';
comment on column public.webhook_dead_letters.event is
  'The messaging event as received (U+0000 and unpaired surrogates replaced by U+FFFD).';
comment on column public.webhook_dead_letters.reason is 'Why processing failed; never the message text.';

create index webhook_dead_letters_received_at_idx on public.webhook_dead_letters (received_at desc);

revoke all on public.webhook_dead_letters from anon, authenticated;
revoke all on sequence public.webhook_dead_letters_id_seq from anon, authenticated;
grant all on public.webhook_dead_letters to service_role;
grant usage, select on sequence public.webhook_dead_letters_id_seq to service_role;
grant select on public.webhook_dead_letters to authenticated;

alter table public.webhook_dead_letters enable row level security;

create policy "Superadmins can view webhook dead letters" on public.webhook_dead_letters
  for select to authenticated
  using ((select public.is_superadmin()));

-- The audit log (issue 31): every staff write, recorded in the transaction of the change. Who acted is kept by id,
-- name and role as they were then, without a foreign key: an entry outlives the account. Entries are only ever
-- inserted; no route changes or deletes them.
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid NOT NULL,
  actor_name text NOT NULL,
  actor_role text NOT NULL,
  -- '<target>.<verb>', e.g. 'product.update', 'order.paid'
  action text NOT NULL,
  -- 'order', 'coupon', 'user', 'zone', 'governorate', 'settings', 'product', 'category', …
  target_type text NOT NULL,
  -- The target's id (a uuid, a governorate's code); null for the shop's settings.
  target_id text,
  -- The changed fields as they were and as they became; null before a create and after a delete.
  before jsonb,
  after jsonb
);

-- The admin screen's list, newest first, and its filters: who, what, which product or order.
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor ON audit_log (actor_id, at DESC);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id, at DESC);
CREATE INDEX audit_log_action ON audit_log (action, at DESC);

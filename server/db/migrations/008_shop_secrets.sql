-- Secrets the shop generates for itself when the environment gives none (JWT_SECRET, RESET_CODE_SECRET), kept here so
-- every server process of the shop signs and checks with the same one.
CREATE TABLE shop_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

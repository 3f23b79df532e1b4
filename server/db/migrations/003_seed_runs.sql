-- Remembers that the demo catalogue was seeded, so a shop whose owner later deleted every category is not re-seeded.
CREATE TABLE seed_runs (
  name text PRIMARY KEY,
  ran_at timestamptz NOT NULL DEFAULT now()
);

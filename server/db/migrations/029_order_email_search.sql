-- The staff's order search by a whole e-mail address: common parts ("@gmail.com") are in most orders' search text, so
-- the trigram index has to intersect lists as long as the history; the address itself, compared whole, reads one
-- short range.
CREATE INDEX orders_email_idx ON orders (lower(user_snapshot->>'email'));
-- Statistics of the new expression now: without them the planner guesses thousands of matches and walks the orders
-- newest first instead.
ANALYZE orders;

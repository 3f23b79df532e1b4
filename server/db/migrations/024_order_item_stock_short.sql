-- A paid card order is kept even when its stock ran out meanwhile (takeStock upToStock): the units of a line that were
-- not in stock were never taken, so a refund or cancellation must not put them back. stock_short is how many of the
-- line's count were missing when the order took its stock (0 for every order before this column: they took it all).
ALTER TABLE order_items ADD COLUMN stock_short int NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD CONSTRAINT order_items_stock_short_check CHECK (stock_short >= 0 AND stock_short <= count);

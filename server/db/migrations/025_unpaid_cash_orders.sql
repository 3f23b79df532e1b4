-- Stock held by cash orders not yet paid or delivered (GET /inventory/held, the owner's product screens): the few
-- such orders are found through this partial index, their lines through order_items_order_sales_idx (order_id INCLUDE
-- product_id, count), never by reading every order a product ever had.
CREATE INDEX orders_unpaid_cash_idx ON orders (id)
  WHERE payment_method_type = 'cash' AND NOT is_paid AND NOT is_delivered AND NOT is_cancelled;

-- A cart keeps its coupon through every change (API.md §6.3); only a coupon that expired or was deleted is dropped.
-- The dropped coupon's name waits here until the cart's next answer says so (`couponRemoved`), then it is cleared.
ALTER TABLE carts ADD COLUMN coupon_removed text;
